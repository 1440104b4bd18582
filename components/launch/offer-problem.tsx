import Link from "next/link";
import { AlertTriangleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A full-page reason the form cannot be shown (no offer, unknown offer, no key, Runcrate unavailable). */
export function OfferProblem({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: { href: string; label: string };
}) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-lg border px-6 py-12 text-center"
    >
      <AlertTriangleIcon className="size-8 text-warning" aria-hidden />
      <h1 className="text-lg font-semibold">{title}</h1>
      <div className="text-sm text-muted-foreground">{children}</div>
      <div className="flex gap-2">
        {action ? (
          <Button asChild variant="outline">
            <Link href={action.href}>{action.label}</Link>
          </Button>
        ) : null}
        <Button asChild>
          <Link href="/offers">Back to offers</Link>
        </Button>
      </div>
    </div>
  );
}
