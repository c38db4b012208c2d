import { readFileSync, readdirSync } from "node:fs";
import Parser from "wikiparser-node";
const dir = "/work/shared/fixtures/corpus";
const files = readdirSync(dir).filter((f) => f.endsWith(".wiki")).map((f) => readFileSync(`${dir}/${f}`, "utf8"));
const bytes = files.reduce((n, s) => n + Buffer.byteLength(s), 0);
for (let pass = 0; pass < 2; pass++) {
  const c0 = process.cpuUsage();
  for (const s of files) (Parser as unknown as { parse(s: string): { toHtml(): string } }).parse(s).toHtml();
  const c = process.cpuUsage(c0);
  console.log(`wikiparser-node pass ${pass}: cpu ${(bytes / 1e6 / ((c.user + c.system) / 1e6)).toFixed(3)} MB/s`);
}
