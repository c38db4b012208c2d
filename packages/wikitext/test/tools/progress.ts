import { readFileSync } from "node:fs";
import { parseFragment, type DefaultTreeAdapterTypes as T } from "parse5";
import { wt2html, SiteConfig, type DataAccess, type SiteInfo } from "../../src/index.js";

const dir = "/work/shared/fixtures/parsoid";
const siteinfo = JSON.parse(readFileSync(`${dir}/env/enwiki.siteinfo.json`, "utf8")).query as SiteInfo;
const testenv = JSON.parse(readFileSync(`${dir}/env/testenv.json`, "utf8"));
siteinfo.interwikimap = testenv.interwiki;
siteinfo.general.magiclinks = { ISBN: true, PMID: true, RFC: true };
const site = SiteConfig.fromSiteInfo(siteinfo);
const articles = readFileSync(`${dir}/articles.jsonl`, "utf8").trim().split("\n").map((l) => JSON.parse(l));
const cases = readFileSync(`${dir}/parsertests.jsonl`, "utf8").trim().split("\n").map((l) => JSON.parse(l));

const BLOCK = new Set("body caption div dd dt li p table tr td th tbody dl ol ul h1 h2 h3 h4 h5 h6".split(" "));
const VOID = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));
const DROP_STRICT = new Set(["data-parsoid", "data-parser", "about", "prefix", "rev", "datatype", "inlist", "usemap", "vocab", "data-mw-original-href"]);
function norm(html: string, loose: boolean): string {
  const frag = parseFragment(html);
  const out: string[] = [];
  const ser = (n: T.Node, inPre: boolean) => {
    if (n.nodeName === "#text") {
      let v = (n as T.TextNode).value;
      if (!inPre) v = v.replace(/\s+/g, " ");
      out.push(v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
      return;
    }
    if (n.nodeName === "#comment") { if (!loose) out.push(`<!--${(n as T.CommentNode).data}-->`); return; }
    const el = n as T.Element;
    let attrs = el.attrs.filter((a) => !DROP_STRICT.has(a.name));
    const tf = el.attrs.find((a) => a.name === "typeof")?.value ?? "";
    if (el.nodeName === "span" && /mw:Placeholder/.test(tf)) { for (const c of el.childNodes) ser(c, inPre); return; }
    if (el.nodeName === "span" && /mw:Nowiki/.test(tf) && el.childNodes.length === 0) return;
    if (loose) {
      if (el.nodeName === "meta" || el.nodeName === "link") return;
      if (el.nodeName === "span" && (/mw:(DisplaySpace|Placeholder|Nowiki|Transclusion|Entity)/.test(tf) || el.attrs.some((a) => a.name === "about"))) { for (const c of el.childNodes) ser(c, inPre); return; }
      attrs = attrs.filter((a) => !["data-mw", "class", "rel", "property", "resource", "typeof"].includes(a.name) && !(a.name === "id" && /^mw/.test(a.value)));
      attrs = attrs.map((a) => a.name === "href" ? { ...a, value: safeDecode(a.value.replace(/^\.\//, "")) } : a);
    }
    attrs.sort((a, b) => (a.name < b.name ? -1 : 1));
    const blk = BLOCK.has(el.nodeName);
    if (blk) out.push("\n");
    out.push(`<${el.nodeName}`);
    for (const a of attrs) {
      const q = a.value.includes('"') && (a.value.split("'").length <= a.value.split('"').length) ? "'" : '"';
      out.push(` ${a.name}=${q}${a.value.replace(/&/g, "&amp;")}${q}`);
    }
    if (VOID.has(el.nodeName)) { out.push("/>"); if (el.nodeName === "br") out.push("\n"); return; }
    out.push(">");
    if (blk) out.push("\n");
    const kids = (el.nodeName === "template" ? (el as any).content.childNodes : el.childNodes) as T.Node[];
    for (const c of kids) ser(c, inPre || el.nodeName === "pre");
    if (blk) out.push("\n");
    out.push(`</${el.nodeName}>`);
    if (blk) out.push("\n");
  };
  for (const c of frag.childNodes) ser(c, false);
  return out.join("").replace(/ {2,}/g, " ").replace(/[ \t]*\n[ \t\n]*/g, "\n").trim();
}
function safeDecode(s: string) { try { return decodeURIComponent(s); } catch { return s; } }

const only = process.argv[2];
const verbose = process.argv.includes("-v");
const byFile = new Map<string, [number, number]>();
let pass = 0, fail = 0;
const cats = new Map<string, number>();
for (const c of cases) {
  if (!c.html_parsoid_effective || c.skipped_standalone) continue;
  const modes = c.modes_standalone ?? ["wt2html"];
  if (!modes.includes("wt2html")) continue;
  if (/langParserTests/.test(c.file) || /htmlvariantlanguage|langconv/.test(c.options ?? "")) continue;
  if (only && !c.file.startsWith(only)) continue;
  const title = /title=\[\[([^\]]+)\]\]/.exec(c.options ?? "")?.[1] ?? "Parser test";
  const existing = new Set(articles.filter((a) => a.file === c.file).map((a) => a.title));
  existing.add("Main Page");
  const data: DataAccess = {
    async getPageSource() { return null; },
    async getPageExistence(titles) { return new Map(titles.map((t) => [t, { exists: existing.has(t) }])); },
    async getFileInfo() { return new Map(); },
  };
  let got = "";
  try {
    got = (await wt2html(c.wikitext, { site, page: { title }, data }, { bodyOnly: true, wrapSections: !!c.options_parsed?.parsoid?.wrapSections })).html;
  } catch (e) { got = "ERROR " + (e as Error).stack; }
  const loose = !c.parsoid_only_normalization;
  const a = norm(got, loose), b = norm(c.html_parsoid_effective, loose);
  const ok = a === b;
  const s = byFile.get(c.file) ?? [0, 0];
  s[ok ? 0 : 1]++;
  byFile.set(c.file, s);
  if (ok) pass++; else fail++;
  const wt = c.wikitext as string;
  const cat = wt.includes("{{") ? "tpl" : /\[\[(File|Image|Media):/i.test(wt) ? "media" : /<(ref|references|gallery|indicator|dummyanno|ann|tag|spantag|pwraptest|section|poem|math|syntaxhighlight|source|templatestyles|timeline|imagemap|includeonly|noinclude|onlyinclude)\b/.test(wt) ? "ext" : "core";
  cats.set(cat + (ok ? ":pass" : ":fail"), (cats.get(cat + (ok ? ":pass" : ":fail")) ?? 0) + 1);
  if (!ok && verbose) console.log(`--- ${c.file} :: ${c.name}\nWT: ${JSON.stringify(c.wikitext)}\nGOT: ${a}\nEXP: ${b}\n`);
}
for (const [f, [p, q]] of [...byFile].sort()) console.log(`${f}: ${p}/${p + q} (${Math.round((100 * p) / (p + q))}%)`);
console.log([...cats].sort());
console.log(`${pass} passed, ${fail} failed (${Math.round((100 * pass) / (pass + fail))}%)`);
