// Timed media (TimedMediaHandler's Parsoid output): a video or audio file is not a picture in a
// link but a player — <video>/<audio> with the file as <source>, inside a bare <span> where the
// link was (a player handles clicks itself, so link= has no effect). Videos show a poster frame
// (the rendition the file repository made at the requested size).
import { WElement, detach } from "../node.js";
import type { FileInfo } from "../../env/data-access.js";
import type { MediaRequest } from "../../tokenizer/grammar/media.js";

/** TimedMediaHandler's audio player box when the wikitext asks for no size. */
const DEFAULT_AUDIO_WIDTH = 180;
const DEFAULT_AUDIO_HEIGHT = 32;

/** Replaces the image (and its link) with a player for the file. */
export function renderPlayer(img: WElement, r: MediaRequest, kind: "video" | "audio", info: FileInfo, sized: FileInfo | undefined): void {
  const link = img.parent;
  if (!link) return;
  const wrapper = link.parent;
  // Options a player cannot show are kept in data-mw, so html2wt writes them back.
  const unused: Array<[string, { txt: string }]> = [];
  if (r.altOption !== undefined) unused.push(["alt", { txt: r.altOption }]);
  if (r.linkOption !== undefined) unused.push(["link", { txt: r.linkOption }]);
  if (wrapper && unused.length > 0) {
    const attribs = Array.isArray(wrapper.mw?.["attribs"]) ? (wrapper.mw["attribs"] as unknown[]) : [];
    // An option already recorded (an alt text with markup, with its HTML) stays as it is.
    const recorded = new Set(attribs.map((e) => (Array.isArray(e) ? e[0] : null)));
    const added = unused.filter(([name]) => !recorded.has(name));
    if (added.length > 0) wrapper.mw = { ...(wrapper.mw ?? {}), attribs: [...attribs, ...added] };
  }
  const player = new WElement(kind, []);
  player.dp = img.dp;
  player.setAttribute("resource", img.getAttribute("resource") ?? "");
  if (kind === "video") {
    const poster = sized?.thumburl;
    if (poster) player.setAttribute("poster", poster);
  }
  player.setAttribute("controls", "");
  player.setAttribute("preload", "none");
  player.setAttribute("data-mw-tmh", "");
  player.setAttribute("class", "mw-file-element");
  if (kind === "video") {
    player.setAttribute("width", String(sized?.thumbwidth ?? info.width));
    player.setAttribute("height", String(sized?.thumbheight ?? info.height));
  } else {
    // An audio player is a control bar: as wide as asked, its height a fixed default.
    const width = r.width ?? DEFAULT_AUDIO_WIDTH;
    player.setAttribute("height", String(r.height ?? DEFAULT_AUDIO_HEIGHT));
    player.setAttribute("width", String(width));
    player.setAttribute("style", `width: ${width}px;`);
    if (wrapper) wrapper.setAttribute("class", [wrapper.getAttribute("class"), "mw-default-audio-height"].filter(Boolean).join(" "));
  }
  // Whole seconds, rounded up: the player shows the length before it loads the file.
  if (info.duration !== undefined) player.setAttribute("data-durationhint", String(Math.ceil(info.duration)));
  const source = new WElement("source", []);
  // A media fragment plays the part asked for (start=/end=).
  const range = r.start !== undefined || r.end !== undefined ? `#t=${r.start ?? 0}${r.end !== undefined ? `,${r.end}` : ""}` : "";
  source.setAttribute("src", info.url + range);
  source.setAttribute("type", info.mime);
  if (kind === "video") {
    source.setAttribute("data-file-width", String(info.width));
    source.setAttribute("data-file-height", String(info.height));
  }
  player.appendChild(source);
  // Transcodes follow the original, each with the key and size the player picks them by.
  for (const d of info.derivatives ?? []) {
    const alt = new WElement("source", []);
    alt.setAttribute("src", d.src);
    alt.setAttribute("type", d.type);
    alt.setAttribute("data-transcodekey", d.transcodekey);
    if (d.width !== undefined) alt.setAttribute("data-width", String(d.width));
    if (d.height !== undefined) alt.setAttribute("data-height", String(d.height));
    player.appendChild(alt);
  }
  const holder = new WElement("span", []);
  // An inline player's caption is its tooltip (what the link's title was).
  const tooltip = r.linkOption === undefined ? link.getAttribute("title") : null;
  if (tooltip) holder.setAttribute("title", tooltip);
  holder.dp = link.dp;
  holder.appendChild(player);
  const parent = link.parent;
  if (!parent) return;
  parent.insertBefore(holder, link);
  detach(link);
}
