// The lexical lint facts: recorded by the wasm tokenizer in the same pass that tokenizes the
// document for wt2dom (Tokenizer.tokenizeWithLint, wasm/assembly/lint/record.ts) and decoded here
// from its flat record buffer in one loop — nothing is called per record.
import type { LintTokenStream } from "@wikiloom/wasm";
import {
  L_END_TAG,
  L_MULTI_COLON_LINK,
  L_START_TAG,
  L_TEMPLATE_ARG,
  L_TABLE_END,
  L_HEADING_QUOTES,
  LF_OBSOLETE,
  LF_SELF_CLOSED,
  LINT_RECORD_WORDS,
} from "../../../../wasm/assembly/lint/kinds.js";

/** A tag as written in the source: `<name ...>` or `</name ...>`. */
export interface SourceTag {
  /** Lower-case tag name. */
  name: string;
  start: number;
  end: number;
}

export interface SourceSpan {
  start: number;
  end: number;
}

export interface LexicalFacts {
  startTags: SourceTag[];
  /** Start tags written `<name/>` (also in startTags). */
  selfClosedTags: SourceTag[];
  /** Whether any tag (start or end) has an obsolete name (strike, center, font, tt). */
  hasObsoleteTags: boolean;
  /** Start tags with an obsolete name (also in startTags). */
  obsoleteStartTags: SourceTag[];
  endTags: SourceTag[];
  /** `[[::x]]` links: span and number of leading colons. */
  multiColonLinks: Array<SourceSpan & { colons: number }>;
  templateArgs: SourceSpan[];
  /** `|}` at line starts. */
  tableEnds: SourceSpan[];
  /** Lines starting with `=` (heading candidates) that hold a quote run. */
  headingQuoteLines: SourceSpan[];
}

export function emptyLexicalFacts(): LexicalFacts {
  return { startTags: [], selfClosedTags: [], hasObsoleteTags: false, obsoleteStartTags: [], endTags: [], multiColonLinks: [], templateArgs: [], tableEnds: [], headingQuoteLines: [] };
}

/** Decodes the records the tokenizer made while tokenizing `source`. */
export function lexicalFacts(source: string, stream: LintTokenStream): LexicalFacts {
  const words = stream.lintRecords;
  const facts = emptyLexicalFacts();
  const args: SourceSpan[] = [];
  for (let r = 0; r < stream.lintRecordCount; r++) {
    const w = r * LINT_RECORD_WORDS;
    const kind = words[w]!;
    const start = words[w + 1]!;
    const end = words[w + 2]!;
    const extra = words[w + 3]!;
    const flags = words[w + 4]!;
    if ((flags & LF_OBSOLETE) !== 0) facts.hasObsoleteTags = true;
    switch (kind) {
      case L_END_TAG:
        facts.endTags.push({ name: source.slice(start + 2, extra).toLowerCase(), start, end });
        break;
      case L_START_TAG: {
        const tag = { name: source.slice(start + 1, extra).toLowerCase(), start, end };
        facts.startTags.push(tag);
        if ((flags & LF_SELF_CLOSED) !== 0) facts.selfClosedTags.push(tag);
        if ((flags & LF_OBSOLETE) !== 0) facts.obsoleteStartTags.push(tag);
        break;
      }
      case L_MULTI_COLON_LINK:
        facts.multiColonLinks.push({ start, end, colons: extra });
        break;
      case L_TEMPLATE_ARG:
        args.push({ start, end });
        break;
      case L_TABLE_END:
        facts.tableEnds.push({ start, end });
        break;
      case L_HEADING_QUOTES:
        facts.headingQuoteLines.push({ start, end });
        break;
    }
  }
  // Records come in document order (an extension body is scanned where its start tag ends),
  // except arguments, recorded as they close (inner ones first): keep the outermost, in order.
  args.sort((a, b) => a.start - b.start);
  let lastEnd = -1;
  for (const arg of args) {
    if (arg.start < lastEnd) continue;
    facts.templateArgs.push(arg);
    lastEnd = arg.end;
  }
  return facts;
}
