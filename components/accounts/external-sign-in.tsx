import { Button } from "@/components/ui/button";
import { externalSignInAction } from "@/lib/accounts/actions";
import type { ExternalProvider } from "@/lib/accounts/server/providers";

/** GitHub / OIDC buttons; rendered only for providers switched on by env. */
export function ExternalSignIn({
  providers,
  callbackUrl,
}: {
  providers: ExternalProvider[];
  callbackUrl?: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((p) => (
        <form key={p.id} action={externalSignInAction.bind(null, p.id, callbackUrl)}>
          <Button type="submit" variant="outline" className="w-full">
            Continue with {p.name}
          </Button>
        </form>
      ))}
    </div>
  );
}
