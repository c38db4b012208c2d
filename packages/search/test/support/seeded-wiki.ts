/** A small wiki indexed into an in-memory WikiSearch, with answers known by construction. */
import { WikiSearch, type WikiRef } from "../../src/index";

export const wiki: WikiRef = {
  id: 1,
  prefix: "mywiki",
  normalizeTitle: (text) => {
    const t = text.replace(/_/g, " ").replace(/\s+/g, " ").trim();
    return t === "" || /[[\]{}|#<>]/.test(t) ? null : t.charAt(0).toUpperCase() + t.slice(1);
  },
  namespaceName: (ns) => ({ 0: "", 2: "User", 102: "Property" })[ns] ?? `NS${ns}`,
};

export const PROPERTY_TYPES: Record<string, string | null> = {
  Tag: null, Version: "Text", Title: "Text", "Average rating": "Number", Published: "Boolean", Subpage: "Page",
  Foobar: "Text", Website: "URL", Pdf: "Page", Content: "Text", Class: "Page", Location: "Geographic coordinate", "Start date": "Date",
};

export const PAGES: Record<string, { id: number; text: string; modified: string }> = {
  Alpha: {
    id: 11, modified: "2020-06-10T12:00:00Z",
    text: "The [[Tag::Foo]] football season. [[Version::1.0]] [[Title::Foo title]] [[Average rating::5]] [[Published::true]] [[Start date::2020-06-15]] [[Class::Foo]]",
  },
  Beta: {
    id: 12, modified: "2021-01-05T08:00:00Z",
    text: "Nothing here. bar bar {{#set:Tag=Bar|Version=2.0|Title=Bar title|Average rating=10|Published=false|Start date=1 January 2019}}",
  },
  Gamma: {
    id: 13, modified: "2022-03-01T00:00:00Z",
    text: "foo everywhere foo [[Tag::Foo]] [[Tag::Bar]] [[Average rating::4.5]] [[Start date::March 1, 2021]] [[Class::Other]] [[Content::Foo content]] <!-- [[Tag::Hidden]] --> <nowiki>[[Tag::Nowiki]]</nowiki>",
  },
  Delta: { id: 14, modified: "2019-05-05T00:00:00Z", text: "Café society über straße. [[Average rating::9]]" },
  Foo: { id: 15, modified: "2018-01-01T00:00:00Z", text: "A page about the class Foo." },
  Search: { id: 16, modified: "2023-01-01T00:00:00Z", text: "{{#wikisearchconfig:Tag|Version|?Title|?Version}}" },
};

/** Ids of the content pages (property pages and the config page are documents too). */
export const CONTENT = ["Alpha", "Beta", "Gamma", "Delta", "Foo", "Search"];

export async function seededSearch(options: { withConfig?: string[] } = {}): Promise<WikiSearch> {
  const search = new WikiSearch({ databaseFile: ":memory:" });
  let id = 100;
  for (const [name, type] of Object.entries(PROPERTY_TYPES)) {
    await search.indexPage(wiki, {
      pageId: id++, ns: 102, title: name, prefixed: `Property:${name}`,
      text: type ? `[[Has type::${type}]]` : "A page property.", modified: new Date("2017-01-01T00:00:00Z"),
    });
  }
  for (const [title, page] of Object.entries(PAGES)) {
    const text = title === "Search" && options.withConfig ? `{{#wikisearchconfig:${options.withConfig.join("|")}}}` : page.text;
    await search.indexPage(wiki, { pageId: page.id, ns: 0, title, prefixed: title, text, modified: new Date(page.modified) });
  }
  return search;
}

export function titles(hits: string): string[] {
  return (JSON.parse(hits) as { _source: { subject: { title: string } } }[]).map((h) => h._source.subject.title);
}
