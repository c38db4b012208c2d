/**
 * A refused domain operation. `key` is the CampaignEvents message key clients match on; the HTTP
 * layer turns it into MediaWiki's REST error body with `status`.
 */
export class EventsError extends Error {
  readonly status: 400 | 403 | 404;
  readonly key: string;

  constructor(status: 400 | 403 | 404, key: string, message: string) {
    super(message);
    this.name = "EventsError";
    this.status = status;
    this.key = key;
  }
}

export const invalid = (key: string, message: string) => new EventsError(400, key, message);
export const forbidden = (key: string, message: string) => new EventsError(403, key, message);
export const notFound = (key: string, message: string) => new EventsError(404, key, message);
