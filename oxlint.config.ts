// oxlint's configuration (npm run lint): its default rules, no import cycles, and which layer may import which
// (docs/decisions/0077-layers-and-import-rules.md). host/, server.ts, tests/ and scripts/ may import every layer.
import { defineConfig } from "oxlint";

interface Layer {
  /** The layer's top folder. */
  folder: string;
  /** Top folders of the repository its code must not import. */
  mustNotImport: string[];
  why: string;
}

const LAYERS: Layer[] = [
  {
    folder: "shared",
    mustNotImport: ["app", "server", "host"],
    why: "shared/ is pure code both tiers import: it imports neither of them, nor host/.",
  },
  {
    folder: "server",
    mustNotImport: ["app", "host"],
    why: "The /api backend knows nothing of the web tier or of host/; code both need lives in shared/.",
  },
  {
    folder: "app",
    mustNotImport: ["server", "host"],
    why: "The web tier reaches /api only through app/utils/api.server.ts; code both need lives in shared/.",
  },
];

const TEST_HELPERS_WHY = "Only tests use tests/: a test file may import its helpers from #tests/support.";
const CLIMB_WHY =
  "A relative import reaches its folder's files and at most one folder up; beyond, name the layer: #app/, " +
  "#server/, #shared/, #host/ (package.json's imports).";
const LEAVE_LAYER_WHY = "A layer's top folder is left through its alias (#app/, #server/, #shared/, #host/), not ../.";
const LINK_WHY =
  "Use Link and NavLink from #app/components/link.tsx: on a page without React they render a plain anchor " +
  "(a tenth of its render); React Router's own are for that file alone.";

type Pattern = { regex: string; message: string };
type RestrictedPath = { name: string; importNames: string[]; message: string };
const restricted = (patterns: Pattern[], paths: RestrictedPath[] = []) => ({
  "no-restricted-imports": ["error", { patterns, paths }] as [
    "error",
    { patterns: Pattern[]; paths: RestrictedPath[] },
  ],
});

/** The imports one layer's files may not make; `topLevel` for the files directly in its folder. */
function layerPatterns(layer: Layer, { isTest, topLevel }: { isTest: boolean; topLevel: boolean }): Pattern[] {
  const patterns: Pattern[] = [
    { regex: `^#(${layer.mustNotImport.join("|")})/`, message: layer.why },
    { regex: "^(\\./)?(\\.\\./){2,}", message: CLIMB_WHY },
  ];
  if (topLevel) patterns.push({ regex: "^(\\./)?\\.\\./", message: LEAVE_LAYER_WHY });
  if (!isTest) patterns.push({ regex: "^#tests/", message: TEST_HELPERS_WHY });
  return patterns;
}

const routerLinks: RestrictedPath[] = [{ name: "react-router", importNames: ["Link", "NavLink"], message: LINK_WHY }];

const layerOverrides = LAYERS.flatMap((layer) => {
  const pathsOf = layer.folder === "app" ? routerLinks : [];
  const all = (suffix: string, top: boolean) =>
    top ? [`${layer.folder}/*${suffix}`] : [`${layer.folder}/**/*${suffix}`];
  // Later overrides win: the files directly in the folder, then test files without the rule about tests/.
  return [
    { top: false, isTest: false },
    { top: true, isTest: false },
    { top: false, isTest: true },
    { top: true, isTest: true },
  ].map(({ top, isTest }) => ({
    files: isTest ? [...all(".test.ts", top), ...all(".test.tsx", top)] : [...all(".ts", top), ...all(".tsx", top)],
    rules: restricted(layerPatterns(layer, { isTest, topLevel: top }), pathsOf),
  }));
});

const linkOverride = {
  files: ["app/components/link.tsx", "app/components/link.test.tsx"],
  rules: restricted([...layerPatterns(LAYERS[2]!, { isTest: true, topLevel: false })]),
};

/**
 * Settings are read from the environment in one module per tier and one for the process (docs/configuration.md
 * lists them, server/config-docs.test.ts checks it); other code asks those modules.
 */
const SETTINGS_MODULES = ["server/config.ts", "app/utils/env.server.ts", "host/process/settings.ts"];
const settingsOverrides = [
  {
    files: ["app/**/*.ts", "app/**/*.tsx", "server/**/*.ts", "shared/**/*.ts", "host/**/*.ts", "server.ts"],
    rules: { "node/no-process-env": "error" as const },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", ...SETTINGS_MODULES],
    rules: { "node/no-process-env": "off" as const },
  },
];

export default defineConfig({
  // oxlint's default plugins, and import for no-cycle.
  plugins: ["typescript", "unicorn", "oxc", "import", "node"],
  rules: {
    // Type-only imports count too: a circle of types is still a circle to read. (oxlint does not follow a dynamic
    // import(), so a lazily loaded module must not import its loader either: nav-menu-parts.ts.)
    "import/no-cycle": ["error", { ignoreTypes: false }],
  },
  overrides: [...layerOverrides, linkOverride, ...settingsOverrides],
});
