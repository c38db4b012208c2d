import { handle } from "./platform";

/** Every HTTP method of the API routes goes to the platform handler, which routes further. */
export const GET = handle;
export const POST = handle;
export const HEAD = handle;
export const PUT = handle;
export const DELETE = handle;
export const PATCH = handle;
