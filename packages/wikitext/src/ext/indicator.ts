// `<indicator name="x">...</indicator>` (page status indicators): the body goes to the page's
// indicator area, not into the content, so the content keeps only a meta marker carrying
// data-mw. The body is still parsed (as Parsoid does): its nodes hang under the meta, which
// the HTML output writes without children, so the linter and link/media passes see them.
// A missing or blank name is an error shown in place.
import { attr, startTag, endTag } from "../tokenizer/tokens.js";
import type { ExtensionHandler } from "./types.js";
import { extensionDataMw, extensionTypeOf, voidWrapper } from "./output.js";

export const indicator: ExtensionHandler = {
  names: ["indicator"],
  render(call, ctx) {
    const name = call.attrs.find((a) => a.name === "name")?.value ?? "";
    if (name !== "") return [voidWrapper(call, "meta", call.body ? { fragment: ctx.fragment(call.body, "block", call.bodyStart) } : {})];
    const key = "invalid-indicator-name";
    const errorMw = extensionDataMw(call.body === null ? { ...call, body: "" } : call, { errors: [{ key }] });
    const i18n = JSON.stringify({ "/": { lang: "x-user", key, params: [] } });
    const start = startTag("span", [
      attr("typeof", extensionTypeOf(call, "mw:I18n") + " mw:Error"),
      attr("class", "error"),
      attr("data-mw-i18n", i18n),
    ], { tsr: [call.start, call.end], src: call.src });
    start.mw = errorMw;
    return [start, endTag("span", { tsr: [call.end, call.end] })];
  },
};
