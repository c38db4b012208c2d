import * as kinds from "../assembly/kinds.js";
import { Tokenizer } from "../src/tokenizer.js";
import { readTokenizerWasm } from "../src/node.js";

const names = new Map<number, string>();
for (const [name, value] of Object.entries(kinds)) {
  if (name.startsWith("K_")) names.set(value, name.slice(2));
}

let shared: Tokenizer | undefined;
export async function tokenizer(): Promise<Tokenizer> {
  shared ??= await Tokenizer.instantiate(await readTokenizerWasm());
  shared.setRawTags(["nowiki", "pre"]);
  return shared;
}

/** Tokens as [KIND, source text] (plus extra when non-zero) for readable assertions. */
export async function lex(text: string): Promise<Array<[string, string] | [string, string, number]>> {
  const stream = (await tokenizer()).tokenize(text);
  const out: Array<[string, string] | [string, string, number]> = [];
  for (let t = 0; t < stream.count; t++) {
    const [kind, start, end, extra] = stream.words.subarray(t * 4, t * 4 + 4) as unknown as [number, number, number, number];
    const name = names.get(kind) ?? String(kind);
    out.push(extra ? [name, text.slice(start, end), extra] : [name, text.slice(start, end)]);
  }
  return out;
}
