// The token kinds are defined once, in the AssemblyScript sources, and shared with TypeScript.
export * from "../assembly/kinds.js";
