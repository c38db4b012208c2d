/**
 * What the worker's data access asks the server's action API for, many titles per request (the
 * API takes up to 50) and the requests of one lookup in parallel: a template-heavy page otherwise
 * costs one round trip per template and per 50 links, one after the other.
 * Every answer is filed under the title as it was asked (the server answers under canonical
 * titles). A request that fails (offline, server unreachable) leaves its titles out: unknown,
 * not missing.
 */

/** The action API takes at most 50 titles per query. */
export const TITLES_PER_QUERY = 50;

export interface ApiPage {
  title: string;
  missing?: boolean;
  invalid?: boolean;
  redirect?: boolean;
  revisions?: ApiRevision[];
}

export interface ApiRevision {
  revid: number;
  timestamp: string;
  slots?: { main?: { content?: string; contentmodel?: string } };
}

interface QueryAnswer {
  pages: ApiPage[];
  normalized: { from: string; to: string }[];
}

/** Whether the server's page record is an existing page. */
export function pageExists(page: ApiPage): boolean {
  return !page.missing && !page.invalid;
}

export interface ActionApiReader {
  /** One query; null when the server cannot be reached. */
  query(params: Record<string, string>): Promise<QueryAnswer | null>;
  /** Each title's page with its latest revision (content included). */
  latestRevisions(titles: readonly string[]): Promise<Map<string, ApiPage>>;
  /** Each title's page (prop=info: whether it exists, whether it redirects). */
  pageInfo(titles: readonly string[]): Promise<Map<string, ApiPage>>;
}

export function createActionApiReader(baseUrl: string, fetchImpl: typeof fetch): ActionApiReader {
  const api = `${baseUrl.replace(/\/$/, "")}/w/api.php`;

  async function query(params: Record<string, string>): Promise<QueryAnswer | null> {
    try {
      const search = new URLSearchParams({ action: "query", format: "json", formatversion: "2", ...params });
      const response = await fetchImpl(`${api}?${search}`, { credentials: "include" });
      if (!response.ok) return null;
      const body = (await response.json()) as { query?: { pages?: ApiPage[]; normalized?: { from: string; to: string }[] } };
      return { pages: body.query?.pages ?? [], normalized: body.query?.normalized ?? [] };
    } catch {
      return null;
    }
  }

  /** Asks for `titles` in chunks, in parallel, and files each page under the titles that asked for it. */
  async function perTitle(titles: readonly string[], params: Record<string, string>): Promise<Map<string, ApiPage>> {
    const unique = [...new Set(titles)];
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += TITLES_PER_QUERY) chunks.push(unique.slice(i, i + TITLES_PER_QUERY));
    const answers = await Promise.all(chunks.map((chunk) => query({ ...params, titles: chunk.join("|") })));
    const result = new Map<string, ApiPage>();
    chunks.forEach((chunk, i) => {
      const answer = answers[i];
      if (!answer) return;
      const canonical = new Map(answer.normalized.map(({ from, to }) => [from, to]));
      const pages = new Map(answer.pages.map((page) => [page.title, page]));
      for (const title of chunk) {
        const page = pages.get(canonical.get(title) ?? title);
        if (page) result.set(title, page);
      }
    });
    return result;
  }

  return {
    query,
    latestRevisions: (titles) => perTitle(titles, { prop: "revisions", rvprop: "ids|timestamp|content", rvslots: "main" }),
    pageInfo: (titles) => perTitle(titles, { prop: "info" }),
  };
}
