// /w/rest.php/...: the REST routes (conversion, event registration).
export { GET, POST, HEAD, PUT, DELETE, PATCH } from "../../../../lib/route-handlers";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
