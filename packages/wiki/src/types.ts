/** The store's public records. Dates are JS Dates; titles are prefixed text with spaces. */

export interface Wiki {
  id: number;
  /** MediaWiki's wiki id, e.g. "localwiki". */
  prefix: string;
  /** Host name the wiki is served under, e.g. "localhost". */
  domain: string;
  siteName: string;
  lang: string;
  settings: Record<string, unknown>;
}

export interface User {
  id: number;
  name: string;
  /** Explicitly granted groups (implicit "*" and "user" are not listed; see effectiveGroups). */
  groups: string[];
  registration: Date;
}

export interface Revision {
  id: number;
  pageId: number;
  parentId: number | null;
  /** Prefixed text of the page, e.g. "Talk:Main Page". */
  title: string;
  ns: number;
  userId: number | null;
  userName: string;
  timestamp: Date;
  /** Hex SHA-1 of the text. */
  sha1: string;
  /** UTF-8 bytes. */
  size: number;
  contentModel: string;
  comment: string;
  minor: boolean;
  text: string;
}

export interface PageRecord {
  id: number;
  ns: number;
  /** Prefixed text, e.g. "Template:Greeting". */
  title: string;
  /** Title without namespace, with underscores. */
  dbKey: string;
  latestRevId: number;
  touched: Date;
  isRedirect: boolean;
  /** Size of the latest revision in bytes. */
  length: number;
  contentModel: string;
}

export interface ActiveBlock {
  id: number;
  reason: string;
  /** Name of the user who placed the block. */
  by: string;
  /** null: infinite. */
  expiry: Date | null;
  timestamp: Date;
  /** The account's name is suppressed while this block stands. */
  hideName: boolean;
}

export interface SavedEvent {
  wiki: Wiki;
  page: PageRecord;
  revision: Revision;
}

export interface DeletedEvent {
  wiki: Wiki;
  /** The page as it was just before its deletion. */
  page: PageRecord;
  /** Deletion-log entry id. */
  logId: number;
  reason: string;
  /** Name of the deleting account. */
  user: string;
  timestamp: Date;
}
