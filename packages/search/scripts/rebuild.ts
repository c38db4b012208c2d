/**
 * `npm run search:rebuild [-- --wiki <prefix>] [--changed]`: indexes every page of the hosted
 * wikis again (or, with --changed, only pages whose latest revision is not indexed yet) and
 * drops documents of pages that no longer exist. Uses the same data directory and search
 * configuration (WIKISEARCH_BACKEND and its URL) as the server.
 */
import { openStore } from "@wikiloom/wiki";
import { optionsFromEnv, StoreSearch, WikiSearch } from "../src/index";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function main(): Promise<void> {
  const store = await openStore({ log: (line) => console.log(line) });
  const search = new WikiSearch({ ...optionsFromEnv(process.env), databaseFile: store.databaseFile });
  const sync = new StoreSearch(store, search, (line) => console.log(line));
  try {
    const only = option("wiki");
    const wikis = (await store.wikis.list()).filter((wiki) => only === undefined || wiki.prefix === only);
    if (wikis.length === 0) throw new Error(only ? `no wiki with the prefix "${only}"` : "no wikis");
    for (const wiki of wikis) {
      const report = await sync.sync(wiki, { full: !process.argv.includes("--changed") });
      const rate = report.seconds > 0 ? Math.round(report.indexed / report.seconds) : report.indexed;
      console.log(`${wiki.prefix}: indexed ${report.indexed} pages (${rate} pages/s), removed ${report.removed}`);
    }
  } finally {
    search.close();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
