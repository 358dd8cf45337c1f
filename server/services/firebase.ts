// Firebase users through firebase-admin (config_firebase). Configured by FIREBASE_PROJECT_ID plus
// credentials (FIREBASE_SERVICE_ACCOUNT_JSON or GOOGLE_APPLICATION_CREDENTIALS), or plus
// FIREBASE_AUTH_EMULATOR_HOST, which firebase-admin honours by itself and which needs no credentials.
import type { App } from "firebase-admin/app";
import { ServiceError, UnavailableError, UpstreamError, UpstreamTimeoutError } from "./errors";
import { config } from "../config";
import { checkedAddress, guardedAgent, OutboundRefusedError } from "../lib/outbound";

export interface FirebaseSettings {
  projectId?: string;
  serviceAccountJson?: string;
  credentialsFile?: string;
  authEmulatorHost?: string;
}

const FIREBASE_NOT_CONFIGURED =
  "Firebase is not configured: set FIREBASE_PROJECT_ID and FIREBASE_SERVICE_ACCOUNT_JSON or " +
  "GOOGLE_APPLICATION_CREDENTIALS (or FIREBASE_AUTH_EMULATOR_HOST for the emulator).";

function isFirebaseConfigured(settings: FirebaseSettings = config.integrations.firebase): boolean {
  return Boolean(
    settings.projectId && (settings.authEmulatorHost || settings.serviceAccountJson || settings.credentialsFile),
  );
}

// One firebase-admin app per distinct setting, made on first use (firebase-admin is slow to load).
const apps = new Map<string, Promise<App>>();

async function firebaseApp(settings: FirebaseSettings): Promise<App> {
  const key = JSON.stringify([
    settings.projectId,
    settings.serviceAccountJson,
    settings.credentialsFile,
    Boolean(settings.authEmulatorHost),
  ]);
  let app = apps.get(key);
  if (!app) {
    app = (async () => {
      const admin = await import("firebase-admin/app");
      let credential;
      if (settings.serviceAccountJson) {
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(settings.serviceAccountJson) as Record<string, unknown>;
        } catch {
          throw new UnavailableError("FIREBASE_SERVICE_ACCOUNT_JSON is not valid JSON.");
        }
        credential = admin.cert(parsed);
      } else if (settings.credentialsFile) {
        credential = admin.applicationDefault();
      }
      // Every connection firebase-admin makes (Google's API or the emulator) goes to a checked public address,
      // or to one OUTBOUND_ALLOW_HOSTS lists.
      const httpAgent = guardedAgent(settings.authEmulatorHost ? "http:" : "https:");
      return admin.initializeApp(
        { projectId: settings.projectId, httpAgent, ...(credential ? { credential } : {}) },
        `admin-people-${apps.size}`,
      );
    })();
    apps.set(key, app);
    app.catch(() => apps.delete(key));
  }
  return app;
}

function firebaseErrorCode(error: unknown): string | undefined {
  const code =
    (error as { code?: unknown; errorInfo?: { code?: unknown } })?.errorInfo?.code ??
    (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UpstreamTimeoutError(`Firebase did not answer within ${Math.round(ms / 100) / 10} s.`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Creates the Firebase user for this e-mail, or finds the one that already has it, and answers its uid.
 * Failures are ServiceErrors: unavailable when not configured, a time-out, or Firebase's refusal.
 */
export async function createFirebaseUser(
  user: { email: string; name: string | null; emailVerified: boolean },
  settings: FirebaseSettings = config.integrations.firebase,
  timeoutMs = config.integrations.timeoutMs,
): Promise<string> {
  if (!isFirebaseConfigured(settings)) throw new UnavailableError(FIREBASE_NOT_CONFIGURED);
  const work = (async () => {
    // firebase-admin wraps a refused connection in its own error; checking the emulator first gives a plain answer.
    if (settings.authEmulatorHost) {
      const emulator = new URL(`http://${settings.authEmulatorHost}`);
      await checkedAddress(emulator.hostname, Number(emulator.port) || 80);
    }
    const app = await firebaseApp(settings);
    const { getAuth } = await import("firebase-admin/auth");
    const auth = getAuth(app);
    try {
      const created = await auth.createUser({
        email: user.email,
        emailVerified: user.emailVerified,
        displayName: user.name || undefined,
      });
      return created.uid;
    } catch (error) {
      if (firebaseErrorCode(error) === "auth/email-already-exists") return (await auth.getUserByEmail(user.email)).uid;
      throw error;
    }
  })();
  try {
    return await withTimeout(work, timeoutMs);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    if (error instanceof OutboundRefusedError) throw new UpstreamError(`Firebase is not called: ${error.message}`);
    const message = error instanceof Error ? error.message : String(error);
    throw new UpstreamError(`Firebase refused to create the user: ${message}`);
  }
}
