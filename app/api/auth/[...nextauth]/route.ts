import { handlers } from "@/lib/server/auth/config";

export const { GET, POST } = handlers;
