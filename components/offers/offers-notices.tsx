"use client";

import { useState } from "react";
import { InfoIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** What the page ignored in the query string, until dismissed (a new set of notices shows again). */
export function OffersNotices({ notices }: { notices: string[] }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const noticeKey = notices.join("\n");
  if (notices.length === 0 || dismissed === noticeKey) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <ul className="flex-1">
        {notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <Button
        variant="ghost"
        size="icon-sm"
        className="size-6"
        onClick={() => setDismissed(noticeKey)}
        aria-label="Dismiss"
      >
        <XIcon />
      </Button>
    </div>
  );
}
