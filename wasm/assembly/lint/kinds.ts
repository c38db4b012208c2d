// Record kinds of the lint facts the tokenizer records (tokenizeWithLint). Plain integer
// constants: asc and the TypeScript linter import the same file.
// Each record is LINT_RECORD_WORDS i32 words: kind, start, end, extra, flags (UTF-16 offsets into
// the document).

/** `</name ...>`: extra = offset where the tag name ends. */
export const L_END_TAG = 1;
/** `[[::x]]` (a link target starting with two or more colons): extra = number of colons. */
export const L_MULTI_COLON_LINK = 2;
/** `{{{...}}}` template argument (every matched pair): extra = number of arguments still open around it. */
export const L_TEMPLATE_ARG = 3;
/** `<name ...>` start tag: extra = offset where the tag name ends. */
export const L_START_TAG = 4;
/** `|}` at the start of a line (wikitext table end). */
export const L_TABLE_END = 5;
/** A heading candidate line (starts with `=`) holding a quote run: start and end of the line. */
export const L_HEADING_QUOTES = 6;

/** Flag of a start tag written `<name/>`. */
export const LF_SELF_CLOSED = 1;
/** Flag of a tag whose name is obsolete HTML (strike, center, font, tt). */
export const LF_OBSOLETE = 2;

export const LINT_RECORD_WORDS = 5;
