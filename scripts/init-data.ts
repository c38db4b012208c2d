// Opens the embedded store once before the server starts, so that the database is created,
// migrated and seeded and the generated admin password is printed on the first start.
import { openStore } from "@wikiloom/wiki";

const store = await openStore({ dataDir: process.env.DATA_DIR, log: (line) => console.log(line) });
await store.close();
