import type { Revision } from "@wikiloom/wiki";
import { ApiError } from "../../errors.js";
import type { ApiContext } from "../context.js";
import { isoTimestamp } from "../context.js";
import { contentKey } from "../format.js";
import type { PageSet } from "./pageset.js";

const RVPROPS = ["ids", "flags", "timestamp", "user", "userid", "size", "slotsize", "sha1", "slotsha1", "contentmodel", "comment", "parsedcomment", "content", "tags", "roles"] as const;
type RvProp = (typeof RVPROPS)[number];

/** prop=revisions: latest revision per page, a page's history, or the revisions of revids=. */
export async function revisionsProp(ctx: ApiContext, set: PageSet): Promise<void> {
  const p = ctx.params;
  const requested = p.has("rvprop") ? p.enumList("rvprop", RVPROPS) : { values: ["ids", "timestamp", "flags", "comment", "user"] as RvProp[], unknown: [] };
  if (requested.unknown.length > 0) ctx.warn("revisions", `Unrecognized values for parameter "rvprop": ${requested.unknown.join(", ")}.`);
  const props = new Set<RvProp>(requested.values);
  const slots = p.list("rvslots");
  const withSlots = slots.length > 0;
  if (withSlots && slots.some((slot) => slot !== "main" && slot !== "*")) {
    ctx.warn("revisions", 'Only the "main" slot exists.');
  }
  const history = p.has("rvlimit") || p.has("rvstartid") || p.has("rvdir");
  if (history && set.entries.length > 1) {
    throw new ApiError("multpages", "rvlimit, rvstartid and rvdir may only be used with a single page.");
  }
  const limit = p.limit("rvlimit", 1, props.has("content") ? 50 : 500);
  const startId = p.int("rvstartid", { min: 1 });
  const dir = p.enumValue("rvdir", ["older", "newer"] as const, "older");

  for (const entry of set.entries) {
    if (!entry.page || !entry.title) continue;
    let revisions: Revision[];
    if (entry.revisions) revisions = entry.revisions;
    else if (history) revisions = await ctx.store.pages.history(ctx.wiki, entry.title, { limit, startId, dir });
    else {
      const latest = await ctx.store.pages.latest(ctx.wiki, entry.title);
      revisions = latest ? [latest] : [];
    }
    entry.out.revisions = revisions.map((revision) => formatRevision(revision, props, withSlots, ctx.formatVersion));
  }
}

function formatRevision(revision: Revision, props: Set<RvProp>, withSlots: boolean, fv: 1 | 2): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (props.has("ids")) {
    out.revid = revision.id;
    out.parentid = revision.parentId ?? 0;
  }
  if (props.has("flags")) out.minor = false;
  if (props.has("user")) out.user = revision.userName;
  if (props.has("userid")) out.userid = revision.userId ?? 0;
  if (props.has("timestamp")) out.timestamp = isoTimestamp(revision.timestamp);
  if (props.has("size")) out.size = revision.size;
  if (props.has("sha1")) out.sha1 = revision.sha1;
  if (props.has("comment")) out.comment = revision.comment;
  if (props.has("tags")) out.tags = [];
  const slot: Record<string, unknown> = {};
  if (props.has("contentmodel") || props.has("content")) slot.contentmodel = revision.contentModel;
  if (props.has("content")) {
    slot.contentformat = "text/x-wiki";
    slot[contentKey(fv)] = revision.text;
  }
  if (withSlots) {
    if (props.has("slotsize")) slot.size = revision.size;
    if (props.has("slotsha1")) slot.sha1 = revision.sha1;
    if (Object.keys(slot).length > 0) out.slots = { main: slot };
  } else {
    Object.assign(out, slot);
  }
  return out;
}
