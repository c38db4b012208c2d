// The order in which data-mw lists a transclusion's parameters: without parse data (pi) that
// order is the only record of how the arguments were written ({{1x|test=..|second}} is not
// {{1x|second|test=..}}), and JSON.parse loses it for numbered names (util/json-key-order.ts).
export { paramKeyOrders } from "../../util/json-key-order.js";
