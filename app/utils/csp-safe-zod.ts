// zod 4 probes for eval (new Function("")) the first time it validates, to decide whether to compile parsers. In
// the browser the strict Content-Security-Policy refuses eval, and Chromium logs every refusal as an issue
// (Lighthouse's best-practices audit counts it). Its jitless mode skips the probe; validation is as correct.
// zod keeps its settings on globalThis, so this works without importing zod into pages that do not use it.
if (typeof document !== "undefined") {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true });
}

export {};
