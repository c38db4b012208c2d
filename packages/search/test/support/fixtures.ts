/** The WikiSearch reference cases under ../shared (read-only GPL test data, never copied here). */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { StaticPropertyTable, type PropertyInfo } from "../../src/properties";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const FIXTURES = path.resolve(repoRoot, "../shared/fixtures/wikisearch");
export const haveFixtures = existsSync(path.join(FIXTURES, "search-scenarios.json"));

export function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8")) as T;
}

/** The property table the generated cases assume (fixtures README). */
export const FIXTURE_PROPERTIES: PropertyInfo[] = [
  { name: "Tag", key: "Tag", id: 100, type: "page" },
  { name: "Version", key: "Version", id: 101, type: "text" },
  { name: "Title", key: "Title", id: 102, type: "text" },
  { name: "Average rating", key: "Average_rating", id: 103, type: "number" },
  { name: "Published", key: "Published", id: 104, type: "boolean" },
  { name: "Subpage", key: "Subpage", id: 105, type: "page" },
  { name: "Foobar", key: "Foobar", id: 106, type: "text" },
  { name: "Website", key: "Website", id: 107, type: "url" },
  { name: "Pdf", key: "Pdf", id: 108, type: "page" },
  { name: "Content", key: "Content", id: 109, type: "text" },
  { name: "Class", key: "Class", id: 110, type: "page" },
  { name: "Location", key: "Location", id: 111, type: "geo" },
  { name: "Start date", key: "Start_date", id: 112, type: "date" },
];

export const fixtureTable = () => new StaticPropertyTable(FIXTURE_PROPERTIES);
export const FIXTURE_INDEX = "smw-data-mywiki";
export const upperFirstTitle = (text: string) => {
  const t = text.replace(/_/g, " ").trim();
  return t === "" ? null : t.charAt(0).toUpperCase() + t.slice(1);
};
