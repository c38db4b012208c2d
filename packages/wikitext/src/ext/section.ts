// `<section begin=x/>`, `<section end=x/>`: labeled section transclusion markers. They render
// nothing; a link element keeps their place and data-mw for round trips.
import type { ExtensionHandler } from "./types.js";
import { voidWrapper } from "./output.js";

export const labeledSection: ExtensionHandler = {
  names: ["section"],
  render: (call) => [voidWrapper(call, "link")],
};
