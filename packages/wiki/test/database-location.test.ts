/** Which database a store opens, from its options and the environment (no database needed). */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeLocation, isPostgresUrl, resolvePaths } from "../src/index";

describe("database selection", () => {
  const dataDir = path.resolve("/srv/wikiloom-data");

  it("uses <dataDir>/wikiloom.db when nothing else is said", () => {
    expect(resolvePaths({ dataDir }, {}).database).toEqual({ kind: "sqlite", file: path.join(dataDir, "wikiloom.db") });
  });

  it("uses PostgreSQL for a postgres:// or postgresql:// DATABASE_URL, even with a data folder", () => {
    for (const url of ["postgresql://app:secret@db.internal:5432/wiki", "postgres://db/wiki?sslmode=require", "POSTGRESQL://db/wiki"]) {
      expect(resolvePaths({ dataDir }, { DATABASE_URL: url })).toMatchObject({ dataDir, database: { kind: "postgres", url } });
    }
  });

  it("keeps an explicit file first, and an explicit data folder before a file: DATABASE_URL", () => {
    expect(resolvePaths({ dataDir, databaseFile: "x.db" }, { DATABASE_URL: "postgresql://db/wiki" }).database).toEqual({ kind: "sqlite", file: path.join(dataDir, "x.db") });
    expect(resolvePaths({ dataDir }, { DATABASE_URL: "file:/elsewhere/other.db" }).database).toEqual({ kind: "sqlite", file: path.join(dataDir, "wikiloom.db") });
    expect(resolvePaths({}, { DATABASE_URL: "file:/elsewhere/other.db?mode=rw", DATA_DIR: dataDir }).database).toEqual({ kind: "sqlite", file: "/elsewhere/other.db" });
  });

  it("refuses other URL schemes", () => {
    expect(() => resolvePaths({}, { DATABASE_URL: "mysql://db/wiki" })).toThrow(/file:.*postgresql:/);
  });

  it("never shows a password in logs", () => {
    expect(isPostgresUrl("postgresql://x/y")).toBe(true);
    expect(isPostgresUrl("file:x.db")).toBe(false);
    expect(describeLocation({ kind: "postgres", url: "postgresql://app:s3cret@db:5432/wiki" })).toBe("postgresql://app:***@db:5432/wiki");
  });
});
