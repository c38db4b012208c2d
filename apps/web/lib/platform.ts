import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createPlatformHandler, DEFAULT_CONVERSION_LIMITS, parseRemoteWikis, RemoteWikis, type Handler } from "@wikiloom/http";
import { openStore } from "@wikiloom/wiki";
import { loadTokenizer } from "@wikiloom/wikitext";

/**
 * The one platform instance of this server process: the store (opened, migrated and seeded on
 * first use) and the request handler over it. Route handlers only adapt to it.
 */
let handlerPromise: Promise<Handler> | undefined;

/** The built wasm tokenizer: the bundled server hands the engine its bytes explicitly. */
function tokenizerWasmFile(): string {
  return process.env.TOKENIZER_WASM ?? path.resolve(process.cwd(), "../../wasm/build/tokenizer.wasm");
}

export function dataDir(): string {
  return process.env.DATA_DIR ?? path.resolve(process.cwd(), "../../.data");
}

/** The signing secret: SECRET_KEY, else a random key kept in the data directory (mode 0600). */
function serverSecret(dir: string): string {
  if (process.env.SECRET_KEY) return process.env.SECRET_KEY;
  const file = path.join(dir, "secret-key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** A positive byte count from the environment, or the default. */
/** A positive integer setting from the environment (a size in bytes, a time in ms). */
function byteLimit(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

function log(entry: Record<string, unknown>): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));
}

export function platformHandler(): Promise<Handler> {
  handlerPromise ??= (async () => {
    const dir = dataDir();
    const wasm = await readFile(tokenizerWasmFile());
    await loadTokenizer(wasm);
    const store = await openStore({ dataDir: dir, log: (line) => log({ level: "info", msg: line }) });
    return createPlatformHandler(
      { store, secret: serverSecret(dir), log },
      {
        conversionLimits: {
          maxWikitextBytes: byteLimit("MAX_WIKITEXT_BYTES", DEFAULT_CONVERSION_LIMITS.maxWikitextBytes),
          maxHtmlBytes: byteLimit("MAX_HTML_BYTES", DEFAULT_CONVERSION_LIMITS.maxHtmlBytes),
          maxConversionMs: byteLimit("MAX_CONVERSION_MS", DEFAULT_CONVERSION_LIMITS.maxConversionMs!),
        },
        remoteWikis: new RemoteWikis({ wikis: parseRemoteWikis(process.env.REMOTE_WIKIS) }),
      },
    );
  })();
  return handlerPromise;
}

export async function handle(request: Request): Promise<Response> {
  const handler = await platformHandler();
  return handler(request);
}
