import { getSessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listKeys } from "@/lib/db/runcrate-keys";
import { AccountMenuClient } from "./account-menu-client";

/** Header: the active key's label with a switcher, and the user menu (settings, sign out). */
export async function AccountMenu() {
  const user = await getSessionUser();
  if (!user) return null;
  const keys = await listKeys(await getDb(), user.id);
  return (
    <AccountMenuClient
      user={{ email: user.email, name: user.name }}
      keys={keys.map((k) => ({
        id: k.id,
        label: k.label,
        environment: k.environment,
        last4: k.last4,
        isActive: k.isActive,
      }))}
    />
  );
}
