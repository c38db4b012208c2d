// Tag names the lint records flag while tokenizing. Kept in one place with the host's list
// (packages/wikitext/src/lint/checks/obsolete-tags.ts reads the flag, not the names).
import { matchesLower } from "../state";

/** HTML4 presentational tags Parsoid lints as obsolete (<big> is exempt: every editor offers it). */
export function isObsoleteTagAt(pos: i32, len: i32): bool {
  if (len == 2) return matchesLower(pos, "tt");
  if (len == 4) return matchesLower(pos, "font");
  if (len == 6) return matchesLower(pos, "strike") || matchesLower(pos, "center");
  return false;
}
