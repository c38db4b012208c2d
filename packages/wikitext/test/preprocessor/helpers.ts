import { preprocess, type PreprocessOptions } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";

/** Preprocesses `source` on a page of the in-memory test wiki and returns the text. */
export async function expandText(source: string, pages: Record<string, string> = {}, options: PreprocessOptions = {}, title = "Test page"): Promise<string> {
  return (await preprocess(source, makeEnv(pages, title), options)).text;
}
