import { handle } from "../../../../lib/platform";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = handle;
export const POST = handle;
export const HEAD = handle;
export const PUT = handle;
export const DELETE = handle;
export const PATCH = handle;
