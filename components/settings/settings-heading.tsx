import Link from "next/link";
import { ChevronLeftIcon } from "lucide-react";

export function SettingsHeading({
  title,
  description,
  back,
}: {
  title: string;
  description: string;
  back?: boolean;
}) {
  return (
    <div className="mb-6 flex flex-col gap-1">
      {back && (
        <Link
          href="/settings"
          className="mb-2 inline-flex w-fit items-center gap-1 rounded-sm text-[13px] text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronLeftIcon aria-hidden="true" className="size-3.5" />
          Settings
        </Link>
      )}
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-pretty text-muted-foreground">{description}</p>
    </div>
  );
}
