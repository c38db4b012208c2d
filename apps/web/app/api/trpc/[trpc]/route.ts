// /api/trpc/{procedure}: the PWA's tRPC sync router (sync.session, sync.pull, sync.push).
// Every method goes to the router, so that wrong ones get tRPC's own 405 rather than Next's bare one.
export { GET, POST, HEAD, PUT, DELETE, PATCH } from "../../../../lib/route-handlers";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
