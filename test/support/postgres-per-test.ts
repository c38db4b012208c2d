// Setup file of the `pg` test project: every test (and each file's beforeAll) runs with
// DATABASE_URL naming a new, empty database on the run's server, so stores, events and search
// opened during it use PostgreSQL exactly as a deployment would (selection by environment),
// and tests stay as independent as with their temporary SQLite files.
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";

const server = inject("postgresServer");
let admin: SqlDriverAdapter | null = null;
let count = 0;

async function freshDatabase(): Promise<void> {
  if (!server) return;
  admin ??= await new PrismaPg({ connectionString: `${server}/postgres`, max: 1 }).connect();
  const name = `t_${process.pid}_${++count}_${Date.now().toString(36)}`;
  // FILE_COPY: copying the small template is quicker than WAL-logging it block by block.
  await admin.executeScript(`CREATE DATABASE "${name}" STRATEGY = FILE_COPY`);
  process.env.DATABASE_URL = `${server}/${name}`;
}

beforeAll(async () => {
  await freshDatabase();
});

beforeEach(async (context) => {
  if (!server) {
    context.skip("PostgreSQL is unavailable (see the banner at the start of the run)");
    return;
  }
  await freshDatabase();
});

afterAll(async () => {
  await admin?.dispose();
  admin = null;
});
