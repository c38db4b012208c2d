// `npm run backup -- --out FILE`: a consistent snapshot of the database in DATA_DIR (or
// DATABASE_URL), taken online: the server may keep running and writing meanwhile.
import { parseArgs } from "node:util";
import { backupDatabase } from "../packages/wiki/src/backup/snapshot.js";
import { resolvePaths } from "../packages/wiki/src/paths.js";

const USAGE = "usage: npm run backup -- --out FILE [--data-dir DIR]";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { out: { type: "string", short: "o" }, "data-dir": { type: "string" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.out) {
    console.error(`--out is required\n${USAGE}`);
    return 2;
  }
  const { databaseFile } = resolvePaths({ dataDir: values["data-dir"] });
  const info = await backupDatabase(databaseFile, values.out);
  const rows = Object.values(info.tables).filter((n) => n > 0).reduce((a, b) => a + b, 0);
  console.log(`backed up ${databaseFile} to ${info.file} (${info.bytes} bytes, ${Object.keys(info.tables).length} tables, ${rows} rows; integrity ok)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`backup failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
