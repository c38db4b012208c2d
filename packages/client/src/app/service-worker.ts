// Registers the service worker (workbox-window) and reports when a new version is waiting, so
// the UI can offer a reload; accepting sends SKIP_WAITING and reloads once the new one controls.
import { Workbox } from "workbox-window";
import { SERVICE_WORKER_URL } from "../shared/paths.js";

export interface UpdateOffer {
  /** Activates the waiting version and reloads the page under it. */
  apply(): void;
}

export function registerServiceWorker(onUpdate: (offer: UpdateOffer) => void): Workbox | null {
  if (!("serviceWorker" in navigator)) return null;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
  workbox.addEventListener("waiting", () => {
    onUpdate({
      apply() {
        workbox.addEventListener("controlling", () => location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
  void workbox.register();
  return workbox;
}
