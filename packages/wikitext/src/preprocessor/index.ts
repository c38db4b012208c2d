// Public surface of the preprocessor stage (see README.md in this folder for integration).
export { preprocess } from "./preprocess.js";
export { buildTree, type BuildTreeOptions } from "./build-tree.js";
export { stringifyPart } from "./data-mw.js";
export { evaluateExpression } from "./functions/expr.js";
export { FunctionRegistry, CORE_FUNCTIONS, CORE_VARIABLES, defaultRegistry } from "./functions/registry.js";
export type { ParserFunction, MagicVariable, CallContext, FunctionArg } from "./functions/types.js";
export type * from "./types.js";
export { DEFAULT_LIMITS } from "./types.js";
export type { PPNode, PPTree, PPBrace, PPPart } from "./tree.js";
export { ExpansionMap } from "./offset-map.js";
export { ConversionTemplates } from "./template-source.js";
export { planEncapsulation, type NodeRange, type EncapsulationGroup } from "./encapsulation-plan.js";
