export { registerEventRoutes } from "./routes.js";
export { eventsServiceFor } from "./request.js";
