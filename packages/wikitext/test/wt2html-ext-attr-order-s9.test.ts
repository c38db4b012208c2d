// Extension tags' attributes (and the parameters of a transclusion whose output starts with an
// extension) keep their written order in data-mw, numbered names included, as Parsoid lists them;
// html2wt reads that order back from data-mw's text.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html, html2wt } from "../src/index.js";
import { extEnv, extSite } from "./ext/env.js";
import { orderedRecord, withKeyOrder } from "../src/util/ordered-record.js";
import { memberObjectKeys } from "../src/util/json-key-order.js";

const site = SiteConfig.fromSiteInfo({ ...extSite.info, annotationtags: ["anno"] });
const env = { ...extEnv({ "Template:Echo": "{{{1}}}", "Template:Marked": "<anno>{{{1}}}</anno>" }), site };

async function convert(source: string): Promise<string> {
  return (await wt2html(source, env, { bodyOnly: true })).html;
}

function withoutParseData(html: string): string {
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

/** The JSON of data-mw's `attrs` in the first element that has one. */
async function attrsJson(source: string): Promise<string | undefined> {
  return /"attrs":(\{[^}]*\})/.exec(await convert(source))?.[1];
}

describe("wt2html: extension attributes in written order", () => {
  it("lists a numbered attribute name where it was written", async () => {
    expect(await attrsJson('<poem title="verse" 7="seven">x</poem>')).toBe('{"title":"verse","7":"seven"}');
    expect(await attrsJson('<ref name="n" 12="" group="g">x</ref>')).toBe('{"name":"n","12":"","group":"g"}');
  });

  it("keeps numbered names in written order, not ascending", async () => {
    expect(await attrsJson('<poem 30="a" 4="b">x</poem>')).toBe('{"30":"a","4":"b"}');
  });

  it("leaves names that only look numeric (leading zero, sign) in place as before", async () => {
    expect(await attrsJson('<poem b="1" 08="2" a="3">x</poem>')).toBe('{"b":"1","08":"2","a":"3"}');
  });

  it("applies to self-closed tags, galleries, <pre> and annotation tags", async () => {
    expect(await attrsJson('<section begin="s" 2="x"/>')).toBe('{"begin":"s","2":"x"}');
    expect(await attrsJson('<gallery mode="packed" 16="x">\nFile:Photo.jpg\n</gallery>')).toBe('{"mode":"packed","16":"x"}');
    expect(await attrsJson('<pre title="t" 3="x">code</pre>')).toBe('{"title":"t","3":"x"}');
    expect(await attrsJson('<anno kind="k" 9="x">text</anno>')).toBe('{"kind":"k","9":"x"}');
  });

  it("lists the parameters of a transclusion whose output is an extension in written order", async () => {
    const html = await convert('{{Echo|later=yes|1=<poem class="c" 2="x">y</poem>}}');
    expect(html).toContain('"attrs":{"class":"c","2":"x"}');
    expect(html).toContain('"params":{"later":{"wt":"yes"},"1":{"wt":"<poem class=\\"c\\" 2=\\"x\\">y</poem>"}}');
  });

  it("lists the parameters of a transclusion whose output starts with an annotation in written order", async () => {
    const html = await convert("{{Marked|note=n|1=marked text}}");
    expect(html).toContain('typeof="mw:Transclusion mw:Annotation/anno"');
    expect(html).toContain('"params":{"note":{"wt":"n"},"1":{"wt":"marked text"}}');
  });

  it("lists them so when an annotation fostered out of a table takes over the transclusion", async () => {
    const html = await convert("{|\n{{Echo|note=n|1=fostered}}<anno>text</anno>\n|}");
    expect(html).toContain('typeof="mw:Transclusion mw:Annotation/anno"');
    expect(html).toContain('"params":{"note":{"wt":"n"},"1":{"wt":"fostered"}}');
  });
});

describe("html2wt: extension attributes read back in written order", () => {
  it("gives wt2wt the source byte for byte", async () => {
    for (const source of ['<ref 3="a" name="b">x</ref>\n<references/>', '<ref name="b" 3="a">x</ref>\n<references/>', '<poem z="1" 40="2" 3="3">x</poem>', "{{Echo|b=c|1=<poem q=\"r\" 2=\"x\">y</poem>}}"]) {
      expect(await html2wt(await convert(source), env)).toBe(source);
    }
  });

  it("writes an edited extension's attributes in data-mw's order when there is no source", async () => {
    const html = withoutParseData(await convert('<poem z="1" 40="2">old</poem>')).replace('"extsrc":"old"', '"extsrc":"new"');
    expect(await html2wt(html, env)).toBe('<poem z="1" 40="2">new</poem>');
  });

  it("writes an annotation tag's attributes in data-mw's order when there is no source", async () => {
    const html = withoutParseData(await convert('<anno kind="k" 9="x">text</anno>'));
    expect(await html2wt(html, env)).toBe('<anno kind="k" 9="x">text</anno>');
  });
});

describe("ordered records", () => {
  it("stay plain objects without integer-like names", () => {
    const record = orderedRecord([{ name: "b", value: "1" }, { name: "a", value: "2" }]);
    expect(JSON.stringify(record)).toBe('{"b":"1","a":"2"}');
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(JSON.stringify(orderedRecord([{ name: "__proto__", value: "p" }]))).toBe('{"__proto__":"p"}');
  });

  it("enumerate in written order, keep it as keys are added and deleted, and read as objects", () => {
    const record = orderedRecord([{ name: "x", value: "1" }, { name: "2", value: "2" }, { name: "__proto__", value: "3" }]);
    expect(Object.keys(record)).toEqual(["x", "2", "__proto__"]);
    expect(record["2"]).toBe("2");
    expect(record["__proto__"]).toBe("3");
    record["0"] = "new";
    delete record["x"];
    expect(JSON.stringify(record)).toBe('{"2":"2","__proto__":"3","0":"new"}');
    expect(JSON.stringify({ ...record })).toBe('{"0":"new","2":"2","__proto__":"3"}');
  });

  it("give a repeated name its first place and its last value, as a PHP array assignment does", () => {
    const record = orderedRecord([{ name: "5", value: "first" }, { name: "style", value: "s" }, { name: "5", value: "last" }]);
    expect(JSON.stringify(record)).toBe('{"5":"last","style":"s"}');
  });

  it("take an order only when it names exactly the record's keys", () => {
    const record: Record<string, number> = { a: 1, "1": 2 };
    expect(Object.keys(withKeyOrder(record, ["a", "1"]))).toEqual(["a", "1"]);
    expect(withKeyOrder(record, ["a", "2"])).toBe(record);
    expect(withKeyOrder(record, ["1", "a"])).toBe(record);
  });

  it("read a member object's keys from JSON text", () => {
    expect(memberObjectKeys('{"name":"x","body":{"attrs":{"no":1}},"attrs":{"b":"\\"}","2":{"c":[1,"}"]}}}', "attrs")).toEqual(["b", "2"]);
    expect(memberObjectKeys('{"name":"x"}', "attrs")).toBe(null);
  });
});
