// The web tier's name for the safe markdown renderer, which lives in shared/ since /api renders saved terms and
// privacy with it too.
export * from "#shared/markdown.ts";
