/** The search API's action modules; `registerSearchModules` adds them to action=query. */
import { registerQueryMeta } from "../action/query/query.js";
import { wikiSearchHighlightMeta } from "./highlight.js";
import { wikiSearchMeta } from "./wikisearch.js";

export { enableSearch } from "./service.js";

export function registerSearchModules(): void {
  registerQueryMeta("WikiSearch", wikiSearchMeta);
  registerQueryMeta("WikiSearchHighlight", wikiSearchHighlightMeta);
}
