import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "wasm/test/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    // Servers started by tests and the wasm build share two cores: keep file parallelism modest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
