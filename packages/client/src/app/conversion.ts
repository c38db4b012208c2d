// The UI's handle on the conversion worker (one per page load), proxied by comlink.
import * as Comlink from "comlink";
import type { ConversionApi } from "../worker/api.js";
import { WORKER_URL } from "../shared/paths.js";

let remote: Comlink.Remote<ConversionApi> | null = null;

export function conversionWorker(): Comlink.Remote<ConversionApi> {
  if (!remote) {
    remote = Comlink.wrap<ConversionApi>(new Worker(WORKER_URL, { type: "module", name: "wikiloom-conversion" }));
    const report = () => void remote?.setOnline(navigator.onLine);
    addEventListener("online", report);
    addEventListener("offline", report);
    report();
  }
  return remote;
}
