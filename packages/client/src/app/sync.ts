// When the app talks to the sync router: at start, whenever the browser comes back online and
// after the user opens a page; queued writes go first (push), then the local copy is refreshed
// (pull). A request made while a sync runs is served by one more sync after it, so what changed
// meanwhile (a page just opened) is never skipped.
import { syncClient } from "./library.js";
import { isOnline } from "./online.js";

export interface SyncReport {
  at: number;
  error?: string;
}

let running: Promise<SyncReport> | null = null;
let following: Promise<SyncReport> | null = null;

export function synchronise(): Promise<SyncReport> {
  if (!isOnline()) return Promise.resolve({ at: Date.now(), error: "offline" });
  if (running) {
    following ??= running.then(() => {
      following = null;
      return synchronise();
    });
    return following;
  }
  running = runOnce().finally(() => {
    running = null;
  });
  return running;
}

async function runOnce(): Promise<SyncReport> {
  try {
    const client = syncClient();
    await client.push();
    await client.pull();
    return { at: Date.now() };
  } catch (error) {
    return { at: Date.now(), error: (error as Error).message };
  }
}
