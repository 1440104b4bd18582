"use client";

import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { saveNotificationPrefs } from "@/lib/notifications/actions";
import { NOTIFICATION_EVENTS, type NotificationEventType } from "@/lib/vocabulary/notification-events";
import { EVENT_LABELS, type NotificationPrefs } from "@/lib/notifications/kinds";
import { useActionMutation } from "@/lib/query/mutation";

type Values = { inbox: NotificationEventType[]; email: NotificationEventType[]; balanceLowHours: string };

/** Settings → Notifications: which events go to the inbox and to email, and the low-balance threshold. */
export function NotificationPrefsForm({
  initial,
  emailEnabled,
}: {
  initial: NotificationPrefs;
  emailEnabled: boolean;
}) {
  const id = useId();
  const form = useForm<Values>({
    defaultValues: { ...initial, balanceLowHours: String(initial.balanceLowHours) },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const save = useActionMutation(saveNotificationPrefs, {
    onSuccess: () => toast.success("Notification settings saved"),
    onError: (failure) => setFormError(formAlertOf(failure, ["balanceLowHours"], form.setError)),
  });
  const prefs = useWatch({ control: form.control }) as Values;
  const hoursError = form.formState.errors.balanceLowHours?.message;

  function toggle(channel: "inbox" | "email", e: NotificationEventType, on: boolean) {
    const list = new Set(prefs[channel]);
    if (on) list.add(e);
    else list.delete(e);
    form.setValue(
      channel,
      NOTIFICATION_EVENTS.filter((x) => list.has(x)),
      { shouldDirty: true },
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate({ ...values, balanceLowHours: Number(values.balanceLowHours) });
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Notification settings"
      className="flex flex-col gap-4 rounded-lg border bg-card p-4"
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="py-1 font-medium">Event</th>
            <th className="w-20 py-1 text-center font-medium">Inbox</th>
            <th className="w-20 py-1 text-center font-medium">Email</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_EVENTS.map((e) => (
            <tr key={e} className="border-t">
              <td className="py-1.5">{EVENT_LABELS[e]}</td>
              {(["inbox", "email"] as const).map((ch) => (
                <td key={ch} className="py-1.5 text-center">
                  <Checkbox
                    aria-label={`${EVENT_LABELS[e]}: ${ch}`}
                    checked={prefs[ch].includes(e)}
                    disabled={ch === "email" && !emailEnabled}
                    onCheckedChange={(v) => toggle(ch, e, v === true)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        {emailEnabled
          ? "Email goes to your account's address."
          : "Email is off on this server (the operator sets SMTP_URL and SMTP_FROM to turn it on)."}{" "}
        A limit Clusterdeck terminated at, or could not enforce, is always in the inbox.
      </p>
      <div className="flex max-w-xs flex-col gap-1">
        <Label htmlFor={`${id}-hours`}>Balance low below (hours of runway)</Label>
        <Input
          id={`${id}-hours`}
          inputMode="decimal"
          aria-invalid={!!hoursError || undefined}
          aria-describedby={`${id}-hours-desc`}
          {...form.register("balanceLowHours")}
        />
        <p
          id={`${id}-hours-desc`}
          className={hoursError ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
        >
          {hoursError ?? "Told at most once a day per key, while a cluster runs on it."}
        </p>
      </div>
      <FormAlert message={formError} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save notification settings
        </Button>
      </div>
    </form>
  );
}
