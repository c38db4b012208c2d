// Test helper: the lexical lint facts of a text on their own, from the engine's tokenizer in lint
// mode (wt2dom does the same with the site's extension tags).
import { getTokenizer, loadTokenizer } from "../../src/tokenizer/load.js";
import { lexicalFacts, type LexicalFacts } from "../../src/lint/lexical.js";

const RAW_TAGS = ["nowiki", "pre", "includeonly", "ref", "references", "gallery", "poem"];

export async function lexicalOf(source: string): Promise<LexicalFacts> {
  await loadTokenizer();
  const tokenizer = getTokenizer();
  tokenizer.setRawTags(RAW_TAGS);
  return lexicalFacts(source, tokenizer.tokenizeWithLint(source));
}
