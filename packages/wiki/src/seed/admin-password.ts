/**
 * The administrator's initial password: ADMIN_PASSWORD when set; otherwise generated once and
 * kept in <dataDir>/admin-password (mode 0600, readable by the server's user only), so that a
 * rebuilt database gets the same password and the operator can read it again.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ADMIN_PASSWORD_FILE = "admin-password";

export interface AdminPassword {
  password: string;
  /** Where it came from, for the start-up message. */
  source: "env" | "file" | "generated";
  file: string | null;
}

export function adminPassword(dataDir: string, env: NodeJS.ProcessEnv = process.env): AdminPassword {
  const fromEnv = env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== "") return { password: fromEnv, source: "env", file: null };
  const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 8) {
      chmodSync(file, 0o600);
      return { password: stored, source: "file", file };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // 18 random bytes: 24 URL-safe characters, 144 bits.
  const password = randomBytes(18).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // the mode option is filtered by the umask and ignored for existing files
  return { password, source: "generated", file };
}
