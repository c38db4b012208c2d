// Token kinds written by the tokenizer. Plain integer constants so that both asc (AssemblyScript)
// and the TypeScript engine import the very same file: the two sides can never disagree.
// Every token is four i32 words: kind, start, end, extra (offsets in UTF-16 code units).

/** A run of characters with no syntactic meaning of their own. */
export const K_TEXT = 1;
/** "\n". */
export const K_NEWLINE = 2;
/** Spaces/tabs at the start of a line (indent-pre, or whitespace before table syntax). */
export const K_INDENT = 3;
/** Run of `*#:;` at the start of a line. */
export const K_LIST_PREFIX = 4;
/** `----` (or longer) at the start of a line; extra = number of dashes. */
export const K_HR = 5;
/** Run of `=` on a line that starts with `=`; extra = run length. */
export const K_EQUALS = 6;
/** `:` on a line whose list prefix contains `;` (definition term/data separator). */
export const K_COLON = 7;
/** `{|` at the start of a line (after optional whitespace). */
export const K_TABLE_START = 8;
/** `|}` at the start of a line. */
export const K_TABLE_END = 9;
/** `|-` (and more dashes) at the start of a line. */
export const K_TABLE_ROW = 10;
/** `|+` at the start of a line. */
export const K_TABLE_CAPTION = 11;
/** `|` at the start of a line. */
export const K_TABLE_CELL = 12;
/** `!` at the start of a line. */
export const K_TABLE_HEADING = 13;
/** `||` anywhere. */
export const K_DOUBLE_PIPE = 14;
/** `!!` anywhere. */
export const K_DOUBLE_BANG = 15;
/** `|` anywhere but the start of a line. */
export const K_PIPE = 16;
/** `[[`. */
export const K_LINK_OPEN = 17;
/** `]]`. */
export const K_LINK_CLOSE = 18;
/** `[`. */
export const K_BRACKET_OPEN = 19;
/** `]`. */
export const K_BRACKET_CLOSE = 20;
/** Run of two or more apostrophes; extra = run length. */
export const K_QUOTE = 21;
/** `<!-- ... -->` (or to the end of input when unclosed); extra = 1 when closed. */
export const K_COMMENT = 22;
/** `<name ...>`; extra = 1 when self-closing (`/>`). */
export const K_TAG_OPEN = 23;
/** `</name ...>`. */
export const K_TAG_CLOSE = 24;
/** Raw content of `<nowiki>`/`<pre>` (and other raw-text tags) between its tags. */
export const K_RAW_TEXT = 25;
/** `&name;`, `&#123;` or `&#x1F;`. */
export const K_ENTITY = 26;
/** A URL scheme at a word start (`http://`, `mailto:`); extra = length of the scheme name. */
export const K_URL_SCHEME = 27;
/** `ISBN`, `RFC` or `PMID` at a word start followed by a space. */
export const K_MAGIC_LINK = 28;
/** `__WORD__`. */
export const K_BEHAVIOR_SWITCH = 29;
/** Number of i32 words per token. */
export const TOKEN_WORDS = 4;
