// Media options written anew use the wiki's own words: the first alias of each option's magic
// word ("mini" on a German wiki, "$1пкс" for a size on a Russian one), English when the wiki
// names none.
import type { SiteConfig } from "../../env/site-config.js";

const ENGLISH: Record<string, string[]> = {
  img_thumbnail: ["thumb"], img_manualthumb: ["thumbnail=$1"], img_framed: ["frame"], img_frameless: ["frameless"],
  img_border: ["border"], img_left: ["left"], img_right: ["right"], img_center: ["center"], img_none: ["none"],
  img_baseline: ["baseline"], img_sub: ["sub"], img_super: ["super"], img_top: ["top"], img_text_top: ["text-top"],
  img_middle: ["middle"], img_bottom: ["bottom"], img_text_bottom: ["text-bottom"], img_width: ["$1px"],
  img_upright: ["upright=$1"], img_link: ["link=$1"], img_alt: ["alt=$1"], img_class: ["class=$1"],
  img_lang: ["lang=$1"], img_page: ["page=$1"],
  timedmedia_starttime: ["start=$1"], timedmedia_endtime: ["end=$1"],
};

/** The option `name` (a magic word id) with its value, in the wiki's preferred spelling. */
export function optionWord(site: SiteConfig, name: string, value: string | null = null): string {
  const aliases = site.magicWord(name)?.aliases ?? ENGLISH[name] ?? [];
  const wanted = aliases.find((a) => a.includes("$1") === (value !== null)) ?? ENGLISH[name]?.[0] ?? "";
  return value === null ? wanted : wanted.replace("$1", value);
}

/** Option words the handler spells in English ("thumb", "text-top", "lang=de"...), localized. */
export function localizeOption(site: SiteConfig, english: string): string {
  const eq = english.indexOf("=");
  if (eq > 0) {
    const key = english.slice(0, eq);
    const value = english.slice(eq + 1);
    const name = key === "thumbnail" ? "img_manualthumb" : `img_${key}`;
    return name in ENGLISH ? optionWord(site, name, value) : english;
  }
  const size = /^(\d*(?:x\d+)?)px$/.exec(english);
  if (size) return optionWord(site, "img_width", size[1]!);
  const name = english === "thumb" ? "img_thumbnail" : english === "frame" ? "img_framed" : `img_${english.replace("-", "_")}`;
  return name in ENGLISH && ENGLISH[name]![0]!.includes("$1") === false ? optionWord(site, name) : english;
}
