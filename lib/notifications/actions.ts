"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ActionError } from "@/lib/server/action-error";
import { userAction } from "@/lib/accounts/server/user-action";
import { NOTIFICATION_EVENTS, WEBHOOK_FORMATS } from "@/lib/vocabulary/notification-events";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { getDb } from "@/lib/server/db/client";
import { processEngine } from "@/lib/server/jobs/process-engine";
import { webhookUrlProblem } from "@/lib/notifications/server/address";
import { sendTestDelivery } from "@/lib/notifications/server/test-delivery";
import { markInboxRead, setPrefs } from "@/lib/notifications/server/store";
import { createWebhook, deleteWebhook } from "@/lib/notifications/server/webhooks-store";

/** The inbox (mark read), notification preferences and webhooks (Settings → Notifications, Settings → Webhooks). */

const eventList = z.array(z.enum(NOTIFICATION_EVENTS)).max(NOTIFICATION_EVENTS.length);

export const markNotificationsRead = userAction(
  z.object({ ids: z.array(z.uuid()).max(100).nullable() }),
  async function markNotificationsRead(input, { user }) {
    const marked = await markInboxRead(await getDb(), user.id, input.ids);
    // The inbox page is rendered on the server: it shows the change with this answer.
    revalidatePath("/settings/inbox");
    return { marked };
  },
);

export const saveNotificationPrefs = userAction(
  z.object({
    inbox: eventList,
    email: eventList,
    balanceLowHours: z.coerce
      .number({ message: "Enter a number of hours." })
      .min(0.25, "At least 0.25 h (15 minutes).")
      .max(168, "At most 168 h (a week)."),
  }),
  async function saveNotificationPrefs(input, { user }) {
    await setPrefs(await getDb(), user.id, input);
    return { saved: true };
  },
  { throttle: "save-notification-prefs" },
);

export const addWebhook = userAction(
  z.object({
    url: z.string().trim().min(1, "Enter the URL to deliver to.").max(2000, "That URL is too long."),
    events: eventList.min(1, "Pick at least one event."),
    format: z.enum(WEBHOOK_FORMATS),
  }),
  async function addWebhook(input, { user }) {
    const problem = await webhookUrlProblem(input.url);
    if (problem) throw new ActionError(problem, "invalid-input", { url: problem });
    const made = await createWebhook(
      await getDb(),
      user.id,
      { url: new URL(input.url).toString(), events: input.events, format: input.format },
      keyRing(),
    );
    if ("error" in made) throw new ActionError(made.error, "conflict");
    // The secret leaves the server this once; it is never shown again.
    return { id: made.webhook.id, secret: made.secret };
  },
  { throttle: "add-webhook" },
);

export const removeWebhook = userAction(
  z.object({ id: z.uuid() }),
  async function removeWebhook(input, { user }) {
    if (!(await deleteWebhook(await getDb(), user.id, input.id))) {
      throw new ActionError("That webhook no longer exists.", "not_found");
    }
    return { removed: true };
  },
);

export const sendWebhookTest = userAction(
  z.object({ id: z.uuid() }),
  async function sendWebhookTest(input, { user }) {
    const engine = await processEngine();
    const sent = await sendTestDelivery(await getDb(), engine.boss, user.id, input.id);
    if (sent === "not-found") throw new ActionError("That webhook no longer exists.", "not_found");
    if (sent === "in-flight") {
      throw new ActionError(
        "A test to this webhook is still on its way; its result shows in the delivery log below.",
        "conflict",
      );
    }
    return { queued: true };
  },
  { throttle: "send-webhook-test" },
);
