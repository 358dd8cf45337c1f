// The pages' Content-Security-Policy. (Cross-site posts never reach a page: host/app.ts refuses them before a
// page request's body is read, and every page request passes through it.)

/**
 * Which scripts a page may run. A rendered page trusts its per-response nonce (and, through 'strict-dynamic', the
 * modules those scripts load). A stored copy from the page cache is sent to many visitors, so it carries no nonce:
 * it trusts exactly its own inline scripts by hash, and this site's script files ('self'; every other answer is
 * served with nosniff and a non-script type, so no other same-origin URL can run as a script).
 */
export type ScriptPolicy = { nonce: string } | { inlineScriptHashes: string[] };

export function contentSecurityPolicy(scripts: ScriptPolicy, isProduction: boolean): string {
  const scriptSources =
    "nonce" in scripts
      ? `'nonce-${scripts.nonce}' 'strict-dynamic'`
      : ["'self'", ...scripts.inlineScriptHashes].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scriptSources}${isProduction ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${isProduction ? "" : " ws: wss:"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
