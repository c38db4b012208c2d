import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Servers started by tests and the wasm build share two cores: keep file parallelism modest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 240_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["wasm/test/**/*.test.ts", "packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/e2e/**", "**/node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          // Builds the Next.js app once, and only when an end-to-end test is about to run.
          globalSetup: ["test/support/global-setup.ts"],
        },
      },
    ],
  },
});
