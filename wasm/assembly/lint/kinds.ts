// Record kinds of the lint scan (shared with the TypeScript side, which imports this file too).
// Each record is four i32 words: kind, start, end, extra (UTF-16 offsets into the document).

/** `</name ...>`: extra = offset where the tag name ends. */
export const L_END_TAG: i32 = 1;
/** `[[::x]]` (a link target starting with two or more colons): extra = number of colons. */
export const L_MULTI_COLON_LINK: i32 = 2;
/** `{{{...}}}` template argument: extra = nesting depth at which it was found (0 = top). */
export const L_TEMPLATE_ARG: i32 = 3;
/** `<name ...>` start tag: extra = offset where the tag name ends. */
export const L_START_TAG: i32 = 4;

export const LINT_RECORD_WORDS: i32 = 4;
