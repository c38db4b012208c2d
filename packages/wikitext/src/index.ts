// Public surface of the engine. The environment contract comes first: everything that hosts the
// engine (server store, PWA worker, fixtures) implements or builds these.
export * from "./env/siteinfo.js";
export * from "./env/data-access.js";
export * from "./env/site-config.js";
export * from "./env/title.js";
export type { Env } from "./engine-env.js";
export { wt2html, wt2dom, type Wt2HtmlOptions, type Wt2HtmlResult } from "./wt2html.js";
export { preprocess } from "./preprocessor/index.js";
export { loadTokenizer } from "./tokenizer/load.js";
export { WElement, WText, WComment, type WNode, type Attr } from "./dom/node.js";
export type { DataParser, Dsr } from "./dom/data-parser.js";
export { serializeChildren, serializeElement } from "./output/serialize.js";
export { html2wt, type Html2WtOptions } from "./html2wt/index.js";
export { updateRedLinks } from "./updates/redlinks.js";
export { updateVariant } from "./updates/variant.js";
export { variantConverter, VariantUnsupportedError, type VariantConverter } from "./variants/convert.js";
export { updateMedia, type UpdatedBundle } from "./updates/media.js";
export { ResourceLimitError, checkDeadline } from "./limits.js";
export { lint, type LintItem, type LintOptions, type LintOffsetType } from "./lint/index.js";
