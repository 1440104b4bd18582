import { unknownApiPath } from "@/lib/handlers/route-handler";

// Any /api/ path no other route handles: a JSON answer, never Next's HTML 404 page (proxy.ts leaves /api/ to handlers).
export const GET = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
