// A module the browser tests and the benchmark import into the app's page (`import("/pwa/harness.js")`)
// to drive fresh conversion workers directly, the way the app does, and time them.
import * as Comlink from "comlink";
import type { ConversionApi } from "../worker/api.js";
import { WORKER_URL } from "../shared/paths.js";

export interface StartedWorker {
  api: Comlink.Remote<ConversionApi>;
  /** performance.now() just before the worker was created. */
  startedAt: number;
  terminate(): void;
}

export function startConversionWorker(): StartedWorker {
  const startedAt = performance.now();
  const worker = new Worker(WORKER_URL, { type: "module", name: "wikiloom-conversion-harness" });
  const api = Comlink.wrap<ConversionApi>(worker);
  return { api, startedAt, terminate: () => worker.terminate() };
}
