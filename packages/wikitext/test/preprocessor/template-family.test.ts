import { describe, expect, it } from "vitest";
import { preprocess } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";

// A small template family of the kind real wikis have: an infobox built from rows, a citation
// template with optional parts, a navbox, a "main article" hatnote and a redirect alias.
// Branches of #if are trimmed, as in MediaWiki: rows start their line outside the #if.
const family: Record<string, string> = {
  "Template:Infobox": `{| class="infobox"
! colspan="2" | {{{title|{{PAGENAME}}}}}{{#if:{{{image|}}}|
{{!}}-
{{!}} colspan="2" {{!}} [[File:{{{image}}}|220px]]}}{{Infobox/row|{{{label1|}}}|{{{data1|}}}}}{{Infobox/row|{{{label2|}}}|{{{data2|}}}}}
|}<includeonly>[[Category:Pages with infoboxes]]</includeonly><noinclude>
Documentation.
</noinclude>`,
  "Template:Infobox/row": `{{#if:{{{2|}}}|<tr><th>{{{1}}}</th><td>{{{2}}}</td></tr>}}`,
  "Template:Infobox city": `{{Infobox
| title = {{{name|}}}
| image = {{{image|}}}
| label1 = Population | data1 = {{#if:{{{population|}}}|{{formatnum:{{{population}}}}}}}
| label2 = Founded | data2 = {{{founded|}}}
}}`,
  "Template:Cite web": `{{{author|}}}{{#if:{{{author|}}}|.}} "[{{{url}}} {{{title}}}]".{{#if:{{{website|}}}| ''{{{website}}}''.}}{{#if:{{{date|}}}| {{#time:j F Y|{{{date}}}}}.}}`,
  "Template:Main": `<div role="note" class="hatnote">Main article{{#if:{{{2|}}}|s}}: [[{{{1}}}]]{{#if:{{{2|}}}|&#32;and [[{{{2}}}]]}}</div>`,
  "Template:City": "#REDIRECT [[Template:Infobox city]]",
  "Template:Navbox": `{| class="navbox"
! {{{title}}}
|-
| {{#switch:{{{state|autocollapse}}}|collapsed|autocollapse=<span class="collapsed">{{{list1}}}</span>|#default={{{list1}}}}}
|}`,
};

describe("a template family", () => {
  it("expands an article that uses it", async () => {
    const source = `{{City|name=Springfield|population=123456|founded=1796|image=Springfield.jpg}}
'''Springfield''' is a city.{{#tag:ref|{{Cite web|url=http://example.org|title=History|author=Smith|date=2001-02-03}}}}

{{Main|History of Springfield|Shelbyville}}

{{Navbox|title=Cities|list1=[[Springfield]] · [[Shelbyville]]|state=collapsed}}`;
    const result = await preprocess(source, makeEnv(family, "Springfield"));
    expect(result.text).toBe(
      [
        '{| class="infobox"',
        // The image row's leading newline is trimmed away with the #if branch.
        '! colspan="2" | Springfield|-',
        '| colspan="2" | [[File:Springfield.jpg|220px]]<tr><th>Population</th><td>123,456</td></tr><tr><th>Founded</th><td>1796</td></tr>',
        "|}[[Category:Pages with infoboxes]]",
        `'''Springfield''' is a city.<ref>Smith. "[http://example.org History]".3 February 2001.</ref>`,
        "",
        '<div role="note" class="hatnote">Main articles: [[History of Springfield]]&#32;and [[Shelbyville]]</div>',
        "",
        '{| class="navbox"',
        "! Cities",
        "|-",
        '| <span class="collapsed">[[Springfield]] · [[Shelbyville]]</span>',
        "|}",
      ].join("\n"),
    );
    expect(result.expansions.map((e) => source.slice(e.srcStart, e.srcEnd).slice(0, 12))).toEqual(["{{City|name=", "{{#tag:ref|{", "{{Main|Histo", "{{Navbox|tit"]);
    expect(result.expansions[0]!.dataMwJson).toBe(
      '{"parts":[{"template":{"target":{"wt":"City","href":"./Template:City"},"params":{"name":{"wt":"Springfield"},"population":{"wt":"123456"},"founded":{"wt":"1796"},"image":{"wt":"Springfield.jpg"}},"i":0}}]}',
    );
    // City, Infobox city (the redirect's target), Infobox, Infobox/row, Cite web, Main, Navbox.
    expect(result.stats.templatesFetched).toBe(7);
  });
});
