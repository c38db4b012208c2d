// Record kinds of the lint scan. Plain integer constants: asc and the TypeScript linter import the
// same file.
// Each record is four i32 words: kind, start, end, extra (UTF-16 offsets into the document).

/** `</name ...>`: extra = offset where the tag name ends. */
export const L_END_TAG= 1;
/** `[[::x]]` (a link target starting with two or more colons): extra = number of colons. */
export const L_MULTI_COLON_LINK= 2;
/** `{{{...}}}` template argument (every matched pair): extra = number of arguments still open around it. */
export const L_TEMPLATE_ARG= 3;
/** `<name ...>` start tag: extra = offset where the tag name ends. */
export const L_START_TAG= 4;

/** `|}` at the start of a line (wikitext table end). */
export const L_TABLE_END = 5;

export const LINT_RECORD_WORDS= 4;
