// The per-node parse data (Parsoid's data-parsoid, named data-parser in this product): source
// ranges and the syntax details the serializer needs to give back the original wikitext.

/** [start, end, openWidth, closeWidth] in UTF-16 code units of the source. */
export type Dsr = [number, number, number, number];

export interface DataParser {
  /** Token source range of the tag that created the element: [start, end]. */
  tsr?: [number, number];
  dsr?: Dsr;
  /** Syntax variant: "html", "piped", "simple", "url", "magiclink", "row"... */
  stx?: string;
  /** Original source of the tag or construct, when it cannot be rebuilt from the DOM. */
  src?: string;
  /** An HTML start tag as written, when not as html2wt would write it (`<div id='x'>`). */
  tagSrc?: string;
  /** Source of the start tag for wikitext table syntax etc. */
  startTagSrc?: string;
  /** The end of a wikitext table ("{{!}}}"), or an HTML end tag not written `</name>` (`</DIV>`). */
  endTagSrc?: string;
  attrSepSrc?: string;
  /** Table syntax attributes as written, when not as html2wt would write them (`|rowspan=2|`). */
  attrsSrc?: string;
  /** A wiki link's pipe as written when {{!}} stood for it. */
  firstPipeSrc?: string;
  autoInsertedStart?: boolean;
  autoInsertedEnd?: boolean;
  selfClose?: boolean;
  noClose?: boolean;
  /** Original attribute values (before sanitizing or normalization) by name. */
  sa?: Record<string, string>;
  a?: Record<string, string | null>;
  /** Link trail / prefix text absorbed into the link. */
  tail?: string;
  prefix?: string;
  [key: string]: unknown;
}
