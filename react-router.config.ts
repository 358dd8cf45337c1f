import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests and benchmarks may build into their own folder so parallel runs do not collide.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
