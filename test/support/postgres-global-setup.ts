// The `pg` test project's global setup: one throwaway PostgreSQL server for the whole run
// (scripts/ensure-postgres.mjs installs Debian's postgresql when it is missing and we may).
// Test files get its address through inject("postgresServer"); postgres-per-test.ts gives each
// test a database of its own. Without PostgreSQL the project's tests are skipped, loudly.
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** postgresql://user@127.0.0.1:port (no database), or null when no server could be started. */
    postgresServer: string | null;
  }
}

interface PostgresServer {
  serverUrl: string;
  stop(): void;
}

export default async function setup(project: TestProject): Promise<() => void> {
  // @ts-expect-error -- a plain .mjs script without declarations
  const pg = (await import("../../scripts/ensure-postgres.mjs")) as {
    findPostgres: () => string;
    startPostgres: (options: object) => Promise<PostgresServer>;
  };
  try {
    pg.findPostgres();
  } catch (error) {
    // Only a machine where PostgreSQL is absent and cannot be installed (no apt-get, not root)
    // skips; once the binaries are there, failing to start the server fails the run.
    const banner = "=".repeat(100);
    console.error(`${banner}\nPOSTGRESQL UNAVAILABLE: the pg project's tests are SKIPPED.\n${error instanceof Error ? error.message : String(error)}\n${banner}`);
    project.provide("postgresServer", null);
    return () => {};
  }
  const server = await pg.startPostgres({ log: (line: string) => console.log(line) });
  project.provide("postgresServer", server.serverUrl);
  return () => server.stop();
}
