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
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring mb-2 inline-flex w-fit items-center gap-1 rounded-sm text-[13px] outline-none focus-visible:ring-2"
        >
          <ChevronLeftIcon aria-hidden="true" className="size-3.5" />
          Settings
        </Link>
      )}
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground text-sm text-pretty">{description}</p>
    </div>
  );
}
