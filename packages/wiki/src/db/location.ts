/**
 * Where a store's data lives: an embedded SQLite file, or a PostgreSQL database (the scale-out
 * path, chosen by a `postgresql://` DATABASE_URL). Every domain with tables in the store's
 * database (events, search) opens the same location.
 */
export type DatabaseLocation = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type DatabaseKind = DatabaseLocation["kind"];

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The location for logs: a PostgreSQL URL without its password. */
export function describeLocation(location: DatabaseLocation): string {
  if (location.kind === "sqlite") return location.file;
  try {
    const url = new URL(location.url);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "postgresql://(unparsable URL)";
  }
}
