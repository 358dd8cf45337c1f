import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./password";

describe("argon2id passwords", () => {
  it("hashes in a self-describing PHC string with OWASP parameters", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash("$argon2id$v=19$m=4096,t=1,p=1$abc$def")).toBe(true);
  });

  it("verifies the right password only, salting every hash", async () => {
    const a = await hashPassword("s3cret pass");
    const b = await hashPassword("s3cret pass");
    expect(a).not.toBe(b);
    expect(await verifyPassword("s3cret pass", a)).toBe(true);
    expect(await verifyPassword("s3cret pasS", a)).toBe(false);
    expect(await verifyPassword("s3cret pass", "garbage")).toBe(false);
  });

  it("never truncates long passwords", async () => {
    const long = "a".repeat(200);
    const hash = await hashPassword(long);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(long.slice(0, 199), hash)).toBe(false);
  });
});
