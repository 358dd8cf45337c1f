// A local OAuth 2.0 / OpenID server for tests (oauth2-mock-server): authorization code with PKCE, refresh
// tokens, and a userinfo endpoint that answers the e-mail the test chose. Also runs on its own for the
// end-to-end suite: `node tests/support/oauth.ts <port>`.
import { OAuth2Server } from "oauth2-mock-server";

export interface LocalOAuthServer {
  server: OAuth2Server;
  url: string;
  /** The environment that points the site's Google settings at this server. */
  env: Record<string, string>;
  /** The e-mail userinfo answers; change it per test. */
  setEmail(email: string | null): void;
  /** Every token request body, newest last (to check PKCE and grants). */
  tokenRequests: Record<string, unknown>[];
  stop(): Promise<void>;
}

export async function startOAuthServer(options: { port?: number; email?: string } = {}): Promise<LocalOAuthServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(options.port ?? 0, "127.0.0.1");
  const address = server.address();
  const url = `http://127.0.0.1:${address.port}`;
  let email: string | null = options.email ?? "sender@example.com";
  const tokenRequests: Record<string, unknown>[] = [];
  // A login_hint picks the account that signs in, as at Google: it follows the code to the access token.
  const hintByCode = new Map<string, string>();
  const hintByToken = new Map<string, string>();
  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, request: { url?: string }) => {
    const hint = new URL(request.url ?? "/", url).searchParams.get("login_hint");
    const code = redirect.url.searchParams.get("code");
    if (hint && code) hintByCode.set(code, hint);
  });
  server.service.on(
    "beforeResponse",
    (response: { body: Record<string, unknown> | "" }, request: { body: Record<string, unknown> }) => {
      tokenRequests.push({ ...request.body });
      const hint = typeof request.body.code === "string" ? hintByCode.get(request.body.code) : undefined;
      if (hint && response.body && typeof response.body.access_token === "string")
        hintByToken.set(response.body.access_token, hint);
    },
  );
  server.service.on(
    "beforeUserinfo",
    (
      response: { body: Record<string, unknown> | ""; statusCode: number },
      request: { headers: Record<string, string | undefined> },
    ) => {
      const token = request.headers.authorization?.replace(/^Bearer /i, "") ?? "";
      const account = hintByToken.get(token) ?? email;
      response.body = account ? { sub: account, email: account, email_verified: true } : { sub: "johndoe" };
    },
  );
  return {
    server,
    url,
    env: {
      GOOGLE_CLIENT_ID: "local-client-id",
      GOOGLE_CLIENT_SECRET: "local-client-secret",
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    setEmail(next) {
      email = next;
    },
    tokenRequests,
    stop: () => server.stop(),
  };
}

if (import.meta.main) {
  const port = Number(process.argv[2] ?? 0);
  const running = await startOAuthServer({ port, email: process.env.OAUTH_EMAIL ?? "sender@example.com" });
  console.log(`[oauth] local OAuth server on ${running.url}`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
