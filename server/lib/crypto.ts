// Small crypto helpers shared by sessions, API keys and stored secrets.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { config } from "../config";

/** 256 random bits, url-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Keyed digest used to look secrets up without storing them (API keys). */
export function hmacDigest(value: string, key = config.secrets.encryption): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

function encryptionKey(secret: string): Buffer {
  // Any secret string becomes a 32-byte AES key.
  return createHash("sha256").update(`aes-256-gcm:${secret}`).digest();
}

/** AES-256-GCM; output is "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encryptSecret(plain: string, secret = config.secrets.encryption): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(
    ".",
  );
}

export function decryptSecret(sealed: string, secret = config.secrets.encryption): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unknown secret format");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(secret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
