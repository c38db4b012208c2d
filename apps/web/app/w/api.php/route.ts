// /w/api.php: MediaWiki's action API.
export { GET, POST, HEAD, PUT, DELETE, PATCH } from "../../../lib/route-handlers";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
