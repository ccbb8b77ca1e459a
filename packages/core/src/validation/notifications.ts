/** Payloads of the notification services (spec sections 3 and 7), shared by the api and the web forms. */
import { z } from "zod";
import { deliveryChannels, notificationGroups, topicNames } from "../notifications.ts";
import { addressSchema, requiredError } from "./rules.ts";

export const channelSchema = /* @__PURE__ */ z.enum(deliveryChannels, requiredError);
export const groupNameSchema = /* @__PURE__ */ z.enum(notificationGroups, requiredError);
export const topicSchema = /* @__PURE__ */ z.enum(topicNames as [string, ...string[]], requiredError);

export const registerSchema = /* @__PURE__ */ z.object({ account: addressSchema });

/** Ids of notifications to mark read, or every notification of the account. */
export const markSchema = /* @__PURE__ */ z
  .object({
    messages: z
      .array(z.union([z.number().int().positive(), z.string().regex(/^\d{1,19}$/)]))
      .max(1000)
      .optional(),
    all: z.boolean().optional(),
  })
  .refine((m) => m.all === true || (m.messages?.length ?? 0) > 0, "validation.required");

/** A browser's push subscription (PushSubscription.toJSON()). */
export const webPushSubscriptionSchema = /* @__PURE__ */ z.object({
  endpoint: z.url({ protocol: /^https?$/ }),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * A channel identity: a web push subscription (JSON), an incoming webhook URL (Slack, Discord), or
 * nothing for Telegram, whose chat is linked through the bot's deep link.
 */
export const identitySchema = /* @__PURE__ */ z
  .object({ channel: channelSchema, identifier: z.string().max(WEBHOOK_URL_MAX_LENGTH).optional() })
  .superRefine((v, ctx) => {
    if (v.channel === "telegram") return;
    if (!v.identifier) {
      ctx.addIssue({ code: "custom", message: "validation.required", path: ["identifier"] });
      return;
    }
    if (v.channel === "firebase") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(v.identifier);
      } catch {
        parsed = null;
      }
      if (!webPushSubscriptionSchema.safeParse(parsed).success)
        ctx.addIssue({ code: "custom", message: "validation.invalid", path: ["identifier"] });
      return;
    }
    if (!z.url({ protocol: /^https?$/ }).safeParse(v.identifier).success)
      ctx.addIssue({ code: "custom", message: "validation.invalidUrl", path: ["identifier"] });
  });
export type IdentityInput = z.infer<typeof identitySchema>;

export const subscriptionSchema = /* @__PURE__ */ z.object({
  destination: addressSchema,
  group_names: z.array(groupNameSchema).min(1, "validation.required").max(notificationGroups.length),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

export const settingSchema = /* @__PURE__ */ z.object({
  group_name: groupNameSchema,
  topic: topicSchema.nullable().optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "validation.invalid")
    .optional(),
  enabled: z.boolean(requiredError),
  channels: z.array(channelSchema).max(deliveryChannels.length),
});
export type SettingInput = z.infer<typeof settingSchema>;
