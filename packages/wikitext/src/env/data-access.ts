/**
 * What the engine may ask of the outside world. The server implements it with the store
 * (packages/wiki), the PWA worker with Dexie, and tests with fixtures. All titles passed in and
 * out are prefixed text forms with spaces ("Template:Foo bar"), already normalised by Title.
 */
export interface PageSource {
  title: string;
  revid: number;
  /** Wikitext of the main slot. */
  source: string;
  contentmodel?: string;
}

export interface PageExistence {
  exists: boolean;
  redirect?: boolean;
  /** Disambiguation pages get a class in Parsoid's link output. */
  disambiguation?: boolean;
}

export interface FileRequest {
  /** File name without namespace, with spaces. */
  name: string;
  width?: number;
  height?: number;
  /** Page of a multi-page file, seek time of a video... */
  page?: number;
  seek?: number;
  /** Language of a rendition (translated SVG text). */
  lang?: string;
  /**
   * The page's language, for a file asked for without `lang`: a file with text in that language
   * (an SVG translation) renders in it, others as they are (MediaWiki's target language).
   */
  targetLang?: string;
}

export interface FileInfo {
  width: number;
  height: number;
  size?: number;
  mime: string;
  mediatype?: string;
  duration?: number;
  /** URL of the original file. */
  url: string;
  /** Page describing the file. */
  descriptionurl?: string;
  /** URL, width and height of the scaled rendition for the request, when one was asked for. */
  thumburl?: string;
  thumbwidth?: number;
  thumbheight?: number;
  /** Other resolutions for srcset, keyed by density ("1.5x", "2x"). */
  responsiveUrls?: Record<string, string>;
  badFile?: boolean;
  /** Transcoded versions of a video or audio file (MediaWiki's videoinfo `derivatives`). */
  derivatives?: MediaDerivative[];
}

export interface MediaDerivative {
  src: string;
  type: string;
  transcodekey: string;
  width?: number;
  height?: number;
}

export interface DataAccess {
  /** Source of a page, or of one of its revisions. null when the page or revision does not exist. */
  getPageSource(title: string, revid?: number): Promise<PageSource | null>;
  /** Existence of many titles at once (red links, #ifexist). Missing keys mean "does not exist". */
  getPageExistence(titles: readonly string[]): Promise<Map<string, PageExistence>>;
  /** Info about files, keyed by request name; missing keys mean the file does not exist. */
  getFileInfo(requests: readonly FileRequest[]): Promise<Map<string, FileInfo>>;
}

/** The page being converted. */
export interface PageConfig {
  /** Prefixed title with spaces, e.g. "Talk:Main Page". */
  title: string;
  /** Revision id, when converting a stored revision. */
  revid?: number;
  /** Page language (BCP 47 / MediaWiki code); defaults to the wiki's. */
  pagelanguage?: string;
  /** The reader's interface language ({{USERLANGUAGE}}), when the wiki uses it; defaults to the page's. */
  userlanguage?: string;
  /** Time the conversion pretends to run at (for CURRENT* magic words); defaults to now. */
  timestamp?: string;
}
