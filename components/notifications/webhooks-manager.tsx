"use client";

import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { CopyButton } from "@/components/common/copy-button";
import { useKeptDraft } from "@/components/common/use-kept-draft";
import { UnsavedChanges } from "@/components/common/unsaved-changes";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { addWebhook, removeWebhook, sendWebhookTest } from "@/lib/notifications/actions";
import {
  NOTIFICATION_EVENTS,
  type NotificationEventType,
  type WebhookFormat,
} from "@/lib/vocabulary/notification-events";
import { EVENT_LABELS } from "@/lib/notifications/kinds";
import { formatDateTime } from "@/lib/format/date";
import { FAILING_AFTER, isFailing, type WebhookWithLog } from "@/lib/notifications/notification-view";
import { useActionMutation } from "@/lib/query/mutation";
import { webhooksQueryOptions } from "@/lib/notifications/queries";

type Draft = { url: string; events: NotificationEventType[]; format: WebhookFormat };

const EMPTY: Draft = { url: "", events: [...NOTIFICATION_EVENTS], format: "json" };

/** Settings → Webhooks: add (the secret is shown once), send a test, delete, and every delivery's attempts. */
export function WebhooksManager({ initial }: { initial: WebhookWithLog[] }) {
  const id = useId();
  const q = useQuery({ ...webhooksQueryOptions(), initialData: initial });
  const listed = [webhooksQueryOptions().queryKey];
  const form = useForm<Draft>({ defaultValues: EMPTY });
  const draft = useWatch({ control: form.control }) as Draft;
  const errors = form.formState.errors;
  // What is typed survives a reload until it is saved.
  const kept = useKeptDraft(form, "webhook-draft", EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);

  const add = useActionMutation(addWebhook, {
    invalidates: listed,
    onSuccess: (made) => {
      setCreated(made);
      kept.clear();
      form.reset(EMPTY);
    },
    onError: (failure) => setFormError(formAlertOf(failure, ["url", "events"], form.setError)),
  });
  const test = useActionMutation(sendWebhookTest, {
    invalidates: listed,
    onSuccess: () => toast.success("Test delivery queued"),
    onError: (failure) => toast.error(failure.message),
  });
  const remove = useActionMutation(removeWebhook, {
    invalidates: listed,
    onSuccess: () => toast.success("Webhook deleted"),
    onError: (failure) => toast.error(failure.message),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    add.mutate(values);
  });

  const hooks = q.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label="Add a webhook"
        className="flex flex-col gap-4 rounded-lg border bg-card p-4"
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-url`}>URL</Label>
          <Input
            id={`${id}-url`}
            placeholder="https://hooks.slack.com/services/…"
            aria-invalid={!!errors.url || undefined}
            aria-describedby={`${id}-url-desc`}
            {...form.register("url")}
          />
          <p
            id={`${id}-url-desc`}
            className={errors.url ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
          >
            {errors.url?.message ?? "A public http(s) address. Redirects are not followed."}
          </p>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">Events</legend>
          <div className="grid gap-1.5 sm:grid-cols-2">
            {NOTIFICATION_EVENTS.map((ev) => (
              <label key={ev} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={draft.events.includes(ev)}
                  onCheckedChange={(v) =>
                    form.setValue(
                      "events",
                      NOTIFICATION_EVENTS.filter((x) => (x === ev ? v === true : draft.events.includes(x))),
                      { shouldDirty: true },
                    )
                  }
                />
                {EVENT_LABELS[ev]}
              </label>
            ))}
          </div>
          {errors.events ? <p className="text-xs text-destructive">{errors.events.message}</p> : null}
        </fieldset>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-medium">Format</legend>
          {(
            [
              ["json", "Plain JSON, signed (its fields: docs/notifications.md)"],
              ["slack", 'Slack-compatible {"text": …}'],
            ] as const
          ).map(([v, label]) => (
            <label key={v} className="flex items-center gap-2 text-sm">
              <input type="radio" value={v} {...form.register("format")} />
              {label}
            </label>
          ))}
        </fieldset>
        {formError ? (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={add.isPending}>
            Add webhook
          </Button>
          <UnsavedChanges
            dirty={form.formState.isDirty}
            onDiscard={() => {
              setFormError(null);
              kept.discard();
            }}
          />
        </div>
      </form>

      {created ? (
        <div
          role="status"
          className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
          data-testid="webhook-secret"
        >
          <p className="font-semibold">Signing secret — shown only now</p>
          <p className="mt-1 text-muted-foreground">
            Copy it into your receiver to check the <code>Clusterdeck-Signature</code> header. Clusterdeck
            will not show it again.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code
              className="rounded bg-muted px-2 py-1 font-mono text-xs break-all"
              data-testid="webhook-secret-value"
            >
              {created.secret}
            </code>
            <CopyButton value={created.secret} label="Copy secret" />
          </div>
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setCreated(null)}>
            I have saved it
          </Button>
        </div>
      ) : null}

      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-3">
        <h2 id={`${id}-list`} className="text-sm font-semibold">
          Your webhooks
        </h2>
        {q.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {q.error.message}
          </p>
        ) : null}
        {hooks.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
        <ul className="flex flex-col gap-3">
          {hooks.map((h) => {
            const failing = isFailing(h.deliveries);
            // Shown by its origin alone (shownWebhookUrl): a Slack or Discord address is a bearer secret.
            const sealed = h.url.endsWith("/…");
            return (
              <li key={h.id} className="rounded-lg border bg-card p-4 text-sm" data-testid="webhook">
                <div className="flex flex-wrap items-center gap-2">
                  <code className="min-w-0 flex-1 font-mono text-xs break-all">{h.url}</code>
                  {failing ? (
                    <Badge variant="destructive" data-testid="webhook-failing">
                      Failing
                    </Badge>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={test.isPending && test.variables.id === h.id}
                    onClick={() => test.mutate({ id: h.id })}
                  >
                    Send test
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending && remove.variables.id === h.id}
                    onClick={() => remove.mutate({ id: h.id })}
                  >
                    Delete
                  </Button>
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  {h.format === "slack" ? "Slack format" : "JSON"} ·{" "}
                  {h.events.map((e) => EVENT_LABELS[e]).join(", ")}
                </p>
                {sealed ? (
                  <p className="mt-1 text-xs text-muted-foreground" data-testid="webhook-sealed">
                    Only the address’s origin is shown: the rest is the receiver’s credential, stored sealed.
                  </p>
                ) : null}
                {failing ? (
                  <p className="mt-1 text-xs text-destructive">
                    The last {FAILING_AFTER} attempts got no successful answer. Check the receiver, then use
                    Send test to see what it answers.
                  </p>
                ) : null}
                {h.deliveries.length > 0 ? (
                  <table className="mt-3 w-full text-xs" aria-label={`Deliveries to ${h.url}`}>
                    <thead>
                      <tr className="text-left text-muted-foreground">
                        <th className="font-medium">Event</th>
                        <th className="font-medium">Status</th>
                        <th className="font-medium">Attempts (time · answer · duration)</th>
                      </tr>
                    </thead>
                    <tbody>
                      {h.deliveries.map((d) => (
                        <tr
                          key={d.id}
                          className="border-t align-top"
                          data-testid="delivery"
                          data-status={d.status}
                        >
                          <td className="py-1 pr-2">
                            {EVENT_LABELS[d.eventType as NotificationEventType] ?? d.eventType}
                          </td>
                          <td className={d.status === "failed" ? "py-1 pr-2 text-destructive" : "py-1 pr-2"}>
                            {d.status}
                          </td>
                          <td className="py-1">
                            {d.attempts.length === 0 ? "—" : null}
                            {d.attempts.map((a) => (
                              <div key={a.attempt} className="tabular-nums" data-testid="delivery-attempt">
                                #{a.attempt} {formatDateTime(a.at)} · {a.statusCode ?? a.error ?? "no answer"}
                                {a.statusCode !== null && a.error ? ` (${a.error})` : ""} · {a.durationMs} ms
                              </div>
                            ))}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <p className="mt-2 text-xs text-muted-foreground">No deliveries yet.</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
