// Loaded with --import into the benchmark's "render only" server (the benchmark's own child, never a production
// server): the built pages then import react-dom/server through render-only-react.ts, which times React alone.
import { registerHooks } from "node:module";

const wrapper = new URL("./render-only-react.ts", import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    // The wrapper itself, and React's own packages, get the real module.
    const parent = context.parentURL ?? "";
    if (specifier === "react-dom/server" && parent !== wrapper && !parent.includes("/node_modules/")) {
      return { url: wrapper, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
