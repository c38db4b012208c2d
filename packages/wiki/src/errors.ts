/**
 * A failure the caller can report to a client. `code` is the MediaWiki action-API error code
 * ("missingtitle", "editconflict", "badtoken"...), so the HTTP layer can pass it through as is.
 */
export class StoreError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}
