export { default } from "../../next.config.js";
