// {{#rel2abs:path|base}}: resolves "./", "../" and "/x" against a base page (the current page
// by default); going above the root is an error, worded as ParserFunctions words it.
import { errorMarkup, type ParserFunction } from "./types.js";
import { phpTrim } from "../frame.js";

export function rel2abs(toInput: string, from: string): string {
  const to = toInput.replace(/[ /]+$/, "");
  if (to === "" || to === ".") return from;
  const relative = to.startsWith("/") || to.startsWith("./") || to.startsWith("../") || to === "..";
  let fullPath = `/${relative ? from : ""}/${to}/`;
  fullPath = fullPath.replace(/\/(\.\/)+/g, "/").replace(/\/{2,}/g, "/").replace(/^\/+|\/+$/g, "");
  const out: string[] = [];
  for (const segment of fullPath.split("/")) {
    if (segment === "..") {
      if (out.length === 0) {
        return errorMarkup(`Error: Invalid depth in path: "${fullPath}" (tried to access a node above the root node).`);
      }
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out.join("/");
}

export const rel2absFunction: ParserFunction = {
  name: "rel2abs",
  hash: true,
  async call(ctx) {
    let from = ctx.args[0] ? phpTrim(await ctx.args[0].whole()) : "";
    if (from === "") from = ctx.page?.prefixedText ?? ctx.env.page.title;
    return rel2abs(ctx.first, from);
  },
};
