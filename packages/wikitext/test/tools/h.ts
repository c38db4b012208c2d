import { html } from "../helpers/html.js";
console.log(JSON.stringify(await html(JSON.parse(process.argv[2]!))));
