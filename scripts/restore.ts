// `npm run restore -- FILE [--force]`: replaces the database in DATA_DIR (or DATABASE_URL) with a
// backup, atomically. Refuses while a server has the database open unless --force is given.
import { parseArgs } from "node:util";
import { DatabaseInUseError, restoreDatabase } from "../packages/wiki/src/backup/snapshot.js";
import { resolvePaths } from "../packages/wiki/src/paths.js";

const USAGE = "usage: npm run restore -- FILE [--data-dir DIR] [--force]";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", short: "f" }, "data-dir": { type: "string" }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(`exactly one backup file is required\n${USAGE}`);
    return 2;
  }
  const { databaseFile } = resolvePaths({ dataDir: values["data-dir"] });
  try {
    const info = await restoreDatabase(positionals[0]!, databaseFile, { force: values.force ?? false });
    console.log(`restored ${positionals[0]} into ${info.file} (${info.bytes} bytes, ${Object.keys(info.tables).length} tables)`);
    if (values.force) console.log("forced: restart the server if one was running, it still has the old database open");
    return 0;
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(`refusing to restore: ${error.message}`);
      return 3;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`restore failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
