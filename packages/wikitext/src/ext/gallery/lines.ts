// Gallery lines: `File:Name.jpg|option|...|caption`, one image per line. The target takes the
// File namespace by default; a line whose target is no file title is skipped. Only the options
// a gallery image can take are kept (alt, link, page, lang, class); any other option is ignored
// and the last non-option is the caption, as written (it is wikitext).
import { Title } from "../../env/title.js";
import type { SiteConfig } from "../../env/site-config.js";
import { classifyMediaOption } from "../../lint/media-options.js";

const NS_FILE = 6;

const GALLERY_OPTIONS = new Set(["img_alt", "img_link", "img_page", "img_lang", "img_class"]);

export interface GalleryLine {
  title: Title;
  /** The title as the line writes it (no namespace, another case...). */
  target: string;
  /** The kept options as written. */
  options: string[];
  /** Caption wikitext, or "" when none. */
  caption: string;
  /** Offset of the caption in the gallery body. */
  captionOffset: number;
}

export function parseGalleryLines(body: string, site: SiteConfig): GalleryLine[] {
  const lines: GalleryLine[] = [];
  let lineStart = 0;
  for (const raw of body.split("\n")) {
    const at = lineStart;
    lineStart += raw.length + 1;
    const pipe = raw.indexOf("|");
    const target = (pipe < 0 ? raw : raw.slice(0, pipe)).trim();
    if (target === "") continue;
    const title = Title.tryParse(target, site, NS_FILE);
    if (!title || title.ns !== NS_FILE || title.interwiki) continue;
    const options: string[] = [];
    let caption = "";
    let captionOffset = at;
    if (pipe >= 0) {
      const rest = raw.slice(pipe + 1).replace(/\s+$/, "");
      for (const [part, offset] of splitOptions(rest)) {
        const word = classifyMediaOption(site, part);
        if (word === null) {
          caption = part;
          captionOffset = at + pipe + 1 + offset;
        } else if (GALLERY_OPTIONS.has(word)) options.push(part);
      }
    }
    lines.push({ title, target, options, caption, captionOffset });
  }
  return lines;
}

/**
 * Splits the options at pipes outside links and braces, each with its offset. An unmatched
 * `]]` ends the media link the line stands for, so what follows it is dropped (as when the line
 * is read as `[[...]]`).
 */
function splitOptions(text: string): Array<[string, number]> {
  const parts: Array<[string, number]> = [];
  let links = 0;
  let braces = 0;
  let start = 0;
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const two = text.slice(i, i + 2);
    if (two === "[[") { links++; i++; continue; }
    if (two === "]]") {
      if (links === 0) {
        end = i;
        break;
      }
      links--;
      i++;
      continue;
    }
    if (two === "{{") { braces++; i++; continue; }
    if (two === "}}" && braces > 0) { braces--; i++; continue; }
    if (text[i] === "|" && links === 0 && braces === 0) {
      parts.push([text.slice(start, i), start]);
      start = i + 1;
    }
  }
  parts.push([text.slice(start, end), start]);
  return parts;
}
