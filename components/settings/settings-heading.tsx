import Link from "next/link";
import { ChevronLeftIcon } from "lucide-react";

export function SettingsHeading({
  title,
  description,
  back,
}: {
  title: string;
  description: string;
  /** A link back above the title: to Settings (`true`) or to the page given. */
  back?: boolean | { href: string; label: string };
}) {
  const to = back === true ? { href: "/settings", label: "Settings" } : back || null;
  return (
    <div className="mb-6 flex flex-col gap-1">
      {to && (
        <Link
          href={to.href}
          className="mb-2 inline-flex w-fit items-center gap-1 rounded-sm text-[13px] text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronLeftIcon aria-hidden="true" className="size-3.5" />
          {to.label}
        </Link>
      )}
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-pretty text-muted-foreground">{description}</p>
    </div>
  );
}
