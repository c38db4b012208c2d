import type { WikiStore } from "@wikiloom/wiki";

/** What the handlers need from their host: the store, a server secret and a logger. */
export interface HandlerDeps {
  store: WikiStore;
  /** Server secret for signed tokens; never logged. */
  secret: string;
  /** Structured log sink; secrets and passwords are never passed to it. */
  log?: (entry: Record<string, unknown>) => void;
  maxBodyBytes?: number;
}
