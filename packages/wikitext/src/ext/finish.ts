// Extension output that depends on the media pass (whether a file exists, its rendered size):
// handlers mark elements with a finisher, and one walk after media rendering runs them. The walk
// only happens for a conversion whose extensions asked for it.
import { walkElements, type WElement } from "../dom/node.js";

const pending = new WeakSet<object>();

/** Notes that the conversion running with `env` has finishers to run. */
export function markFinishers(env: object): void {
  pending.add(env);
}

export function runFinishers(root: WElement, env: object): void {
  if (!pending.has(env)) return;
  pending.delete(env);
  walkElements(root, (el) => {
    const finish = el.aux?.finish;
    if (finish) finish(el);
  });
}
