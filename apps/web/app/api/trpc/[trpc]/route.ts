// /api/trpc/{procedure}: the PWA's tRPC sync router (sync.session, sync.pull, sync.push).
export { GET, POST } from "../../../../lib/route-handlers";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
