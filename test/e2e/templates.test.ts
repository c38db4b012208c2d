// Templates stored in the wiki expand on the server: a family created through the action API
// (Template:A calling Template:B with parameters, both with noinclude documentation) renders
// through the conversion routes with Parsoid's transclusion encapsulation, and an edit to the
// inner template shows in the next render.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestApiClient } from "../../packages/http/test/support/api-client.js";
import { startServer, type RunningServer } from "../support/server.js";

const PASSWORD = "templates-e2e-pw";
let server: RunningServer;
let admin: TestApiClient;
let token: string;

async function save(title: string, text: string): Promise<number> {
  const res = await admin.post({ action: "edit", title, text, token });
  return res.body.edit.newrevid as number;
}

/** The page's HTML as served, without the per-node parse data. */
async function pageHtml(title: string): Promise<string> {
  const res = await fetch(`${server.url}/w/rest.php/localhost/v3/page/html/${encodeURIComponent(title)}`);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/ data-parser='[^']*'/g, "");
}

/** The data-mw of the element carrying typeof="mw:Transclusion" (single-quoted JSON attribute). */
function transclusionDataMw(html: string): { parts: Array<{ template: { target: { wt: string; href: string }; params: Record<string, { wt: string }> } }> } {
  const m = /<[a-z]+ [^>]*typeof="mw:Transclusion"[^>]*data-mw='([^']*)'/.exec(html);
  expect(m).not.toBeNull();
  const json = m![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, "&");
  return JSON.parse(json);
}

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  admin = new TestApiClient((request) => fetch(request), server.url);
  await admin.login("Admin", PASSWORD);
  token = await admin.csrf();
  await save("Template:Family B", "<span class=\"b\">{{{who}}} says {{{what|nothing}}}</span><noinclude>Documentation of B.</noinclude>");
  await save("Template:Family A", "A: {{Family B|who={{{1}}}|what=''hello''}}<noinclude>Documentation of A.</noinclude>");
  await save("Template family page", "Before {{Family A|Alice}} after.");
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("templates stored in the wiki", () => {
  it("expand on the server with their parameters, nested, without noinclude content", async () => {
    const html = await pageHtml("Template family page");
    expect(html).toMatch(/<p>Before <span about="(#mwt\d+)" typeof="mw:Transclusion" data-mw='[^']*'>A: <\/span><span class="b" about="\1">Alice says <i>hello<\/i><\/span> after\.<\/p>/);
    expect(html).not.toContain("Documentation of");
  });

  it("are encapsulated as Parsoid does: one about group, data-mw parts with target and params", async () => {
    const html = await pageHtml("Template family page");
    const dataMw = transclusionDataMw(html);
    expect(dataMw.parts).toHaveLength(1);
    expect(dataMw.parts[0]!.template.target).toEqual({ wt: "Family A", href: "./Template:Family_A" });
    expect(dataMw.parts[0]!.template.params).toEqual({ "1": { wt: "Alice" } });
    // Only the outer call is encapsulated: the inner template's output belongs to A's group.
    expect(html.match(/typeof="mw:Transclusion"/g)).toHaveLength(1);
    const about = /about="(#mwt\d+)" typeof="mw:Transclusion"/.exec(html)![1]!;
    expect(html.split(`about="${about}"`)).toHaveLength(3);
  });

  it("expand inside extension bodies: a ref's template lands in the reference list", async () => {
    await save("Template cited page", "Claim.<ref>{{Family B|who=Bob}}</ref>\n\n<references />");
    const html = await pageHtml("Template cited page");
    expect(html).toMatch(/<sup typeof="mw:Extension\/ref" class="mw-ref reference" rel="dc:references" id="cite_ref-1"/);
    expect(html).toMatch(/<li about="#cite_note-1" id="cite_note-1">.*<span id="mw-reference-text-cite_note-1" class="mw-reference-text reference-text"><span class="b" about="#mwt\d+" typeof="mw:Transclusion" data-mw='[^']*'>Bob says nothing<\/span><\/span><\/li>/);
  });

  it("render an edit of the inner template in the next conversion", async () => {
    await save("Template:Family B", "<span class=\"b\">{{{who}}} now says {{{what|nothing}}}</span>");
    const html = await pageHtml("Template family page");
    expect(html).toMatch(/>A: <\/span><span class="b" about="#mwt\d+">Alice now says <i>hello<\/i><\/span> after\./);
  });
});
