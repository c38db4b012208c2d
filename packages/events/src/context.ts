/** What the domain needs to know about the caller, the wiki and its users; the host supplies it. */
import type { SiteConfig, Title } from "@wikiloom/wikitext";

/** The caller of an operation; null for anonymous callers. */
export interface Actor {
  id: number;
  name: string;
  /** Effective rights (a block already removed the ones it takes away). */
  rights: readonly string[];
  /** Under a sitewide block. */
  blocked: boolean;
}

/** A user as the organizer rules see them. */
export interface AccountStanding {
  id: number;
  name: string;
  rights: readonly string[];
  blocked: boolean;
}

/** How a user id resolves for display: visible with a name, suppressed, or gone. */
export type UserVisibility = { status: "visible"; name: string } | { status: "hidden" } | { status: "not_found" };

/** Central user lookup (one wiki farm: central ids are the store's user ids). */
export interface UserDirectory {
  /** The account's standing by (already canonical) name, or null when there is no such account. */
  standingByName(name: string): Promise<AccountStanding | null>;
  standingById(id: number): Promise<AccountStanding | null>;
  /** Visibility of several users at once (ids missing from the answer are not found). */
  visibility(ids: readonly number[]): Promise<Map<number, UserVisibility>>;
  /**
   * Ids of visible users whose name contains `fragment` (ASCII case ignored), at most `limit`
   * of them; null when there are more (then filter candidates with namesContaining).
   */
  usersWithNameContaining(fragment: string, limit: number): Promise<number[] | null>;
  /** Which of `ids` are visible users whose name contains `fragment`, ignoring ASCII case. */
  namesContaining(ids: readonly number[], fragment: string): Promise<Set<number>>;
}

/** The wiki an operation runs on, and its pages. */
export interface WikiScope {
  wikiId: number;
  /** MediaWiki wiki id, reported as event_page_wiki. */
  wikiKey: string;
  site: SiteConfig;
  /** Article path with "$1", for user page links, e.g. "/wiki/$1". */
  articlePath: string;
  /** Script path, for red links, e.g. "/w". */
  scriptPath: string;
  pageExists(title: Title): Promise<boolean>;
  /** Store user id of the author of the page's first revision (null: no page or no account). */
  pageCreatorId(title: Title): Promise<number | null>;
  /** Which of these User-namespace db keys have a page. */
  existingUserPages(dbKeys: readonly string[]): Promise<Set<string>>;
}
