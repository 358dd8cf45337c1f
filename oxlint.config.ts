// oxlint's configuration (npm run lint): its default rules, no import cycles, and which layer may import which
// (docs/decisions/0077-layers-and-import-rules.md). host/, server.ts, tests/ and scripts/ may import every layer.
import { defineConfig } from "oxlint";

interface Layer {
  /** The layer's top folder. */
  folder: string;
  /** Top folders of the repository its code must not import. */
  mustNotImport: string[];
  /** Whether it may use the `~/` alias, which is app/. */
  mayUseAppAlias: boolean;
  why: string;
}

const LAYERS: Layer[] = [
  {
    folder: "shared",
    mustNotImport: ["app", "server", "host"],
    mayUseAppAlias: false,
    why: "shared/ is pure code both tiers import: it imports neither of them, nor host/.",
  },
  {
    folder: "server",
    mustNotImport: ["app", "host"],
    mayUseAppAlias: false,
    why: "The /api backend knows nothing of the web tier or of host/; code both need lives in shared/.",
  },
  {
    folder: "app",
    mustNotImport: ["server", "host"],
    mayUseAppAlias: true,
    why: "The web tier reaches /api only through app/utils/api.server.ts; code both need lives in shared/.",
  },
];

const TEST_HELPERS_WHY = "Only tests use tests/: a test file may import its helpers from tests/support.";

// Deep enough for every folder there is, with room to grow.
const DEEPEST_FOLDER = 6;

/**
 * The rule for one layer's files `depth` folders below the repository's root. Import specifiers are relative, so
 * the depth tells how many "../" lead back to the root: "../app" from server/api/routes/ is server/api/app.ts, which
 * is allowed, and only "../../../app/…" is the web tier.
 */
function layerRule(layer: Layer, depth: number, isTest: boolean) {
  const toRoot = `^(\\./)?(\\.\\./){${depth}}`;
  const patterns = [{ regex: `${toRoot}(${layer.mustNotImport.join("|")})(/|$)`, message: layer.why }];
  if (!layer.mayUseAppAlias) patterns.push({ regex: "^~/", message: layer.why });
  if (!isTest) patterns.push({ regex: `${toRoot}tests(/|$)`, message: TEST_HELPERS_WHY });
  return { "no-restricted-imports": ["error", { patterns }] as ["error", { patterns: typeof patterns }] };
}

const layerOverrides = LAYERS.flatMap((layer) =>
  Array.from({ length: DEEPEST_FOLDER }, (_, index) => {
    const depth = index + 1;
    const inFolder = `${layer.folder}/${"*/".repeat(depth - 1)}`;
    return [
      { files: [`${inFolder}*.ts`, `${inFolder}*.tsx`], rules: layerRule(layer, depth, false) },
      // Later overrides win: test files get the same rule without the one about tests/.
      { files: [`${inFolder}*.test.ts`, `${inFolder}*.test.tsx`], rules: layerRule(layer, depth, true) },
    ];
  }).flat(),
);

export default defineConfig({
  // oxlint's default plugins, and import for no-cycle.
  plugins: ["typescript", "unicorn", "oxc", "import"],
  rules: {
    // Type-only imports count too: a circle of types is still a circle to read. (oxlint does not follow a dynamic
    // import(), so a lazily loaded module must not import its loader either: nav-menu-parts.ts.)
    "import/no-cycle": ["error", { ignoreTypes: false }],
  },
  overrides: layerOverrides,
});
