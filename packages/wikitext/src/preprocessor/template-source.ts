// Template sources for one conversion: fetched through the data access at most once per title
// (fetches are started early, level by level, so they run together), redirects followed as
// MediaWiki does for transclusion, and each source's parse tree built once (tree-cache.ts).
import type { Env } from "../engine-env.js";
import { Title } from "../env/title.js";
import { templateTree } from "./tree-cache.js";
import type { PPTree } from "./tree.js";

export interface FetchedTemplate {
  /** The page whose text is used (the redirect target when the title redirects). */
  title: Title;
  source: string;
  revid: number;
}

/** MediaWiki follows at most this many redirects when transcluding. */
const MAX_REDIRECTS = 2;

export class TemplateSources {
  private readonly pages = new Map<string, Promise<FetchedTemplate | null>>();
  /** Fetched templates are kept per title for the conversion: their trees hang off them. */
  private readonly trees = new WeakMap<FetchedTemplate, PPTree>();
  /** Compiled on the first fetch (most conversions fetch nothing). */
  private redirectPattern: RegExp | null | undefined = undefined;
  fetchCount = 0;
  treeWork = 0;

  constructor(private readonly env: Env, private readonly languageConversion: boolean) {}

  /** Starts fetching (if not already) and returns the eventual template. */
  get(title: Title): Promise<FetchedTemplate | null> {
    // (The title keeps its prefixed text once made.)
    const key = title.prefixedText;
    let page = this.pages.get(key);
    if (!page) {
      page = this.fetch(title, 0).catch(() => null);
      this.pages.set(key, page);
    }
    return page;
  }

  private async fetch(title: Title, redirects: number): Promise<FetchedTemplate | null> {
    this.fetchCount++;
    const page = await this.env.data.getPageSource(title.prefixedText);
    if (!page) return null;
    if (this.redirectPattern === undefined) this.redirectPattern = redirectRegex(this.env);
    if (redirects < MAX_REDIRECTS && this.redirectPattern) {
      const target = this.redirectPattern.exec(page.source)?.[1];
      const targetTitle = target ? Title.tryParse(target, this.env.site) : null;
      if (targetTitle && !targetTitle.isExternal) {
        const followed = await this.fetch(targetTitle, redirects + 1);
        if (followed) return followed;
      }
    }
    return { title, source: page.source, revid: page.revid };
  }

  /** The parse tree of a template's text, for inclusion. */
  tree(template: FetchedTemplate): PPTree {
    let tree = this.trees.get(template);
    if (!tree) {
      tree = templateTree(template.source, this.env.site.extensionTags(), this.languageConversion);
      // Counted as built here, whether or not an earlier conversion already parsed the text.
      this.treeWork += tree.work;
      this.trees.set(template, tree);
    }
    return tree;
  }
}

/**
 * What one conversion learns about templates and titles: the page and every extension body parsed
 * with it (each `<ref>` is preprocessed on its own) fetch and parse a template once, as MediaWiki's
 * parser does for the whole page. Only valid for the environment and options it was made with.
 */
export class ConversionTemplates {
  readonly sources: TemplateSources;
  /** Call targets and the titles they name. */
  readonly titles = new Map<string, Title | null>();
  /** `#ifexist` answers by title. */
  readonly existence = new Map<string, Promise<boolean>>();
  /** Template trees whose calls have been prefetched already. */
  readonly prefetched = new WeakSet<object>();
  /**
   * How many transclusion `about` ids the conversion has handed out: the page and its
   * extension bodies and captions (parsed apart) share them, so each id is the document's own.
   */
  aboutIds = 0;

  constructor(readonly env: Env, readonly languageConversion = true) {
    this.sources = new TemplateSources(env, languageConversion);
  }
}

/** `#REDIRECT [[Target]]` with the wiki's own redirect aliases. */
function redirectRegex(env: Env): RegExp | null {
  const aliases = env.site.magicWord("redirect")?.aliases ?? ["#REDIRECT"];
  if (aliases.length === 0) return null;
  const alternatives = aliases.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return new RegExp(`^\\s*(?:${alternatives})\\s*:?\\s*\\[\\[([^\\]|\\n]+)`, "i");
}
