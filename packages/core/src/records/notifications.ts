/** Answers of the notification services (`/integrations/notifications-core`, `/integrations/notifications-consumer`). */
import * as z from "zod/mini";
import { deliveryChannels, notificationGroups, topicNames } from "../notifications.ts";
import {
  addressRecord,
  dataDocument,
  intRecord,
  isoTimeRecord,
  listDocument,
  resourceRecord,
} from "./jsonapi.ts";

const topicRecord = z.enum(topicNames as [string, ...string[]]);
const groupRecord = z.enum(notificationGroups);
const channelRecord = z.enum(deliveryChannels);

export const notificationRecord = z.object({
  /** The recipient, lower-cased. */
  account: addressRecord,
  topic: topicRecord,
  group_name: groupRecord,
  is_read: z.boolean(),
  chain_id: z.nullable(intRecord),
  /** The DAO (or account) the event happened at. */
  destination: z.nullable(addressRecord),
  /** The account that acted (voter, depositor, replier), when there is one. */
  actor: z.nullable(addressRecord),
  /** Values of the topic's message (`notifications.topic.<TOPIC>`): pool, proposal_id, amount, … */
  params: z.record(z.string(), z.string()),
  /** Where the event happened (a block or an api write), ISO 8601. */
  occurred_at: isoTimeRecord,
  created_at: isoTimeRecord,
});
export type NotificationRecord = z.infer<typeof notificationRecord>;
export const notificationResource = resourceRecord("notifications", notificationRecord);
export const notificationListDocument = listDocument(notificationResource, { unread_count: intRecord });

export const notificationCountDocument = dataDocument(
  resourceRecord("notifications-count", z.object({ count: intRecord, unread_count: intRecord })),
);

export const notificationMarkDocument = dataDocument(
  resourceRecord("notifications-mark", z.object({ marked: intRecord, unread_count: intRecord })),
);

export const activeChannelRecord = z.object({
  channel: channelRecord,
  /** The server holds this channel's credentials: it can deliver through it. */
  is_active: z.boolean(),
  /** The signed-in account has an identity on it (its id, to remove it). */
  identity_id: z.nullable(z.string()),
  /** Web push: the server's VAPID public key a browser subscribes with. */
  public_key: z.nullable(z.string()),
});
export type ActiveChannelRecord = z.infer<typeof activeChannelRecord>;
export const activeChannelsDocument = dataDocument(z.array(resourceRecord("channels", activeChannelRecord)));

export const notificationAccountDocument = dataDocument(
  resourceRecord("accounts", z.object({ account: addressRecord, registered_at: isoTimeRecord })),
);

export const identityRecord = z.object({
  account: addressRecord,
  channel: channelRecord,
  /** What the channel delivers to, shown shortened for webhooks (their URL is a secret). */
  identifier: z.string(),
  /** Telegram: not linked until the account opens the bot's deep link. */
  is_pending: z.boolean(),
  /** Telegram: the bot deep link carrying the one-time token. */
  link: z.nullable(z.string()),
  created_at: isoTimeRecord,
});
export type IdentityRecord = z.infer<typeof identityRecord>;
export const identityDocument = dataDocument(resourceRecord("identities", identityRecord));

export const subscriptionRecord = z.object({
  account: addressRecord,
  /** The DAO (or account) whose events the subscriber hears. */
  destination: addressRecord,
  group_names: z.array(groupRecord),
  created_at: isoTimeRecord,
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecord>;
export const subscriptionResource = resourceRecord("subscriptions", subscriptionRecord);
export const subscriptionDocument = dataDocument(subscriptionResource);
export const subscriptionListDocument = listDocument(subscriptionResource);

export const notificationSettingRecord = z.object({
  account: addressRecord,
  group_name: groupRecord,
  locale: z.string(),
  /** Null: every topic of the group. */
  topic: z.nullable(topicRecord),
  enabled: z.boolean(),
  channels: z.array(channelRecord),
});
export type NotificationSettingRecord = z.infer<typeof notificationSettingRecord>;
export const notificationSettingResource = resourceRecord("settings", notificationSettingRecord);
export const notificationSettingDocument = dataDocument(notificationSettingResource);
export const notificationSettingsDocument = dataDocument(z.array(notificationSettingResource));
