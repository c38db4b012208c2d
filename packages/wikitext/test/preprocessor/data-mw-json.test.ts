// data-mw JSON keeps the parameters in written order, numbered names included (a JS object would
// list array-index names first), and writes strings as JSON.stringify does.
import { describe, expect, it } from "vitest";
import { preprocess } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";

const env = makeEnv({ "Template:1x": "{{{1}}}" });

async function paramsJson(call: string): Promise<string> {
  const [expansion] = (await preprocess(call, env)).expansions;
  const json = expansion!.dataMwJson;
  // The params object as written in the JSON (no parsing: that would reorder it again).
  return json.slice(json.indexOf('"params":') + 9, json.lastIndexOf(',"i":'));
}

describe("data-mw parameter order", () => {
  it("lists numbered parameters before named ones as written", async () => {
    expect(await paramsJson("{{1x|a|b|name=c|z=d}}")).toBe('{"1":{"wt":"a"},"2":{"wt":"b"},"name":{"wt":"c"},"z":{"wt":"d"}}');
  });

  it("keeps numbered names written after named ones, or in descending order, where they were written", async () => {
    expect(await paramsJson("{{1x|name=c|5=x}}")).toBe('{"name":{"wt":"c"},"5":{"wt":"x"}}');
    expect(await paramsJson("{{1x|2=b|1=a}}")).toBe('{"2":{"wt":"b"},"1":{"wt":"a"}}');
  });

  it("treats names that are no array index as names", async () => {
    expect(await paramsJson("{{1x|01=a|1=b}}")).toBe('{"01":{"wt":"a"},"1":{"wt":"b"}}');
    expect(await paramsJson("{{1x|__proto__=a|x=b}}")).toBe('{"__proto__":{"wt":"a"},"x":{"wt":"b"}}');
    expect(await paramsJson("{{1x|12345678901=a|2=b}}")).toBe('{"12345678901":{"wt":"a"},"2":{"wt":"b"}}');
  });

  it("keeps a repeated name at its first place with its last value", async () => {
    expect(await paramsJson("{{1x|a=1|b=2|a=3}}")).toBe('{"a":{"wt":"3"},"b":{"wt":"2"}}');
  });

  it("escapes names, values and targets as JSON.stringify does", async () => {
    expect(await paramsJson('{{1x|a"b=c\\d|\t\u0001x|e=\ud800}}')).toBe(`{${JSON.stringify('a"b')}:{"wt":${JSON.stringify("c\\d")}},"1":{"wt":${JSON.stringify("\t\u0001x")}},"e":{"wt":${JSON.stringify("\ud800")}}}`);
  });

  it("numbers the parts of a group with their index", async () => {
    const [expansion] = (await preprocess("{{1x|p|q=r}}", env)).expansions;
    expect(expansion!.partJson(2)).toBe('{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"p"},"q":{"wt":"r"}},"i":2}}');
    expect(expansion!.dataMwJson).toBe(`{"parts":[${expansion!.partJson(0)}]}`);
  });
});
