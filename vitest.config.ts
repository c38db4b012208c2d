import { defineConfig } from "vitest/config";

/**
 * Test files that run on PostgreSQL too (plus *.pg.test.ts, which run there only). The search
 * package's own suites index into an in-memory engine and touch no database; search meets
 * PostgreSQL through the store: the action API's search suite and the two-node test. The
 * CampaignEvents validation cases run the events API over HTTP on PostgreSQL too.
 */
const POSTGRES_SUITES = [
  "packages/wiki/test/**/*.test.ts",
  "packages/events/test/**/*.test.ts",
  "packages/search/test/**/*.pg.test.ts",
  "packages/http/test/search/**/*.test.ts",
  "packages/http/test/events/validation-cases.test.ts",
];
/**
 * Left out of the pg project: the SQLite file migrator's suite, and suites that open no database
 * at all (they would only run again unchanged).
 */
const NOT_ON_POSTGRES = [
  "**/node_modules/**",
  "packages/wiki/test/migrations.test.ts",
  "packages/wiki/test/{password,user-names,permissions,database-location}.test.ts",
  "packages/events/test/time-and-urls.test.ts",
];

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
          exclude: ["test/e2e/**", "**/node_modules/**", "**/*.pg.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          // The store, events and search suites again, on PostgreSQL: DATABASE_URL names a fresh
          // database per test on one throwaway server per run (test/support/postgres-*.ts).
          name: "pg",
          include: POSTGRES_SUITES,
          exclude: NOT_ON_POSTGRES,
          globalSetup: ["test/support/postgres-global-setup.ts"],
          setupFiles: ["test/support/postgres-per-test.ts"],
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
