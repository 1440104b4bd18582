import { handlers } from "@/lib/accounts/server/config";

export const { GET, POST } = handlers;
