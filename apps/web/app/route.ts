// /: the offline PWA's shell (packages/client), built into apps/web/public.
export { GET } from "../lib/pwa-shell";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
