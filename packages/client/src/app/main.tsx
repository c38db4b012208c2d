/** @jsxImportSource preact */
// Entry of the PWA's UI bundle.
import { render } from "preact";
import { App } from "./views/App.js";

const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(<App />, root);
}
