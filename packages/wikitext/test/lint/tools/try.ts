// Scratch tool: lint the wikitext given on the command line.
import { lint } from "../../../src/lint/index.js";
import { lintEnv } from "../lint-env.js";
for (const wt of process.argv.slice(2)) console.log(JSON.stringify(wt), JSON.stringify(await lint(wt.replace(/\\n/g, "\n"), lintEnv())));
