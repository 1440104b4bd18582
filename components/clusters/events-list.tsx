import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { eventKindLabel, type SeenEvent } from "@/lib/clusters/events";
import { formatTime } from "@/lib/format/date";
import { cn } from "@/lib/utils";

/** Newest first; events that arrived with the latest poll are highlighted. Each id appears once (mergeEvents). */
export function EventsList({ events }: { events: SeenEvent[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Events</h2>
        </CardTitle>
        <CardDescription>
          {events.length === 0
            ? "Nothing has happened yet."
            : `${events.length} ${events.length === 1 ? "event" : "events"}, newest first`}
        </CardDescription>
      </CardHeader>
      {events.length > 0 && (
        <CardContent>
          {/* The list scrolls on its own: focusable and named so keyboard users can scroll it too. */}
          <div
            role="region"
            aria-label="Cluster events"
            tabIndex={0}
            className="-mx-2 max-h-[28rem] overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <ol aria-live="polite" aria-relevant="additions">
              {events.map((e) => (
                <li
                  key={e.id}
                  data-testid="event"
                  data-event-id={e.id}
                  data-new={e.isNew || undefined}
                  className={cn(
                    "rounded-md px-2 py-1.5 transition-colors duration-1000",
                    e.isNew && "bg-brand/10",
                  )}
                >
                  <div className="flex flex-wrap items-center gap-x-2 text-xs">
                    <span className="font-medium">{eventKindLabel(e.kind)}</span>
                    {e.rank != null && <span className="text-muted-foreground">rank {e.rank}</span>}
                    {e.isNew && (
                      <Badge variant="brand" className="px-1.5 py-0 text-[10px]">
                        new
                      </Badge>
                    )}
                    <time className="ml-auto text-muted-foreground tabular-nums" dateTime={e.at}>
                      {formatTime(e.at, { seconds: true })}
                    </time>
                  </div>
                  {e.message ? (
                    <p className="text-[13px] break-words text-muted-foreground">{e.message}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        </CardContent>
      )}
    </Card>
  );
}
