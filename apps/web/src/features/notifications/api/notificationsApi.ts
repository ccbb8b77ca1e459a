/** Calls of the notification services (spec section 7), parsed with core's records. */
import { PAGE_SIZES } from "@polity/core/constants";
import type { DeliveryChannel, NotificationGroup } from "@polity/core/notifications";
import {
  type ActiveChannelRecord,
  activeChannelsDocument,
  identityDocument,
  type NotificationRecord,
  type NotificationSettingRecord,
  notificationCountDocument,
  notificationListDocument,
  notificationMarkDocument,
  notificationSettingDocument,
  notificationSettingsDocument,
  subscriptionDocument,
} from "@polity/core/records/notifications";
import type { HttpClient } from "../../../shared/http/httpClient.ts";
import { NOTIFICATIONS_CONSUMER } from "../../../shared/notifications/subscriptions.ts";

const CORE = "/integrations/notifications-core";
const CONSUMER = NOTIFICATIONS_CONSUMER;

export type NotificationItem = NotificationRecord & { id: string };
export type ActiveChannel = ActiveChannelRecord;
export type NotificationSetting = NotificationSettingRecord;

export interface NotificationsPage {
  items: NotificationItem[];
  total: number;
  unread: number;
  pageCount: number;
}

const doc = (type: string, attributes: Record<string, unknown>) => ({ data: { type, attributes } });

export async function listNotifications(
  http: HttpClient,
  params: { page: number; topics: readonly string[] | null },
): Promise<NotificationsPage> {
  const body = await http.get(`${CORE}/storage`, {
    schema: notificationListDocument,
    query: {
      page: { number: params.page, limit: PAGE_SIZES.notifications },
      ...(params.topics ? { filter: { topic: params.topics.join(",") } } : {}),
    },
  });
  return {
    items: body.data.map((r) => ({ ...r.attributes, id: r.id })),
    total: body.meta.total_count,
    unread: body.meta.unread_count,
    pageCount: Math.max(1, Math.ceil(body.meta.total_count / body.meta.page_limit)),
  };
}

export async function unreadCount(http: HttpClient): Promise<number> {
  const body = await http.get(`${CORE}/storage/count`, {
    schema: notificationCountDocument,
    query: { filter: { is_read: "false" } },
  });
  return body.data.attributes.unread_count;
}

export async function markRead(http: HttpClient, ids: string[] | "all"): Promise<number> {
  const body = await http.post(
    `${CORE}/storage/mark`,
    doc("notifications-mark", ids === "all" ? { all: true } : { messages: ids }),
    { schema: notificationMarkDocument },
  );
  return body.data.attributes.unread_count;
}

export async function activeChannels(http: HttpClient): Promise<ActiveChannel[]> {
  const body = await http.get(`${CORE}/settings/active-channels`, { schema: activeChannelsDocument });
  return body.data.map((r) => r.attributes);
}

export async function register(http: HttpClient, account: string): Promise<void> {
  await http.post(`${CONSUMER}/register`, doc("register", { account }));
}

/** Connects a channel; for Telegram the answer carries the bot's deep link. */
export async function addIdentity(
  http: HttpClient,
  channel: DeliveryChannel,
  identifier?: string,
): Promise<{ link: string | null }> {
  const body = await http.post(
    `${CONSUMER}/identities`,
    doc("identities", { channel, ...(identifier ? { identifier } : {}) }),
    { schema: identityDocument },
  );
  return { link: body.data.attributes.link };
}

export async function removeIdentity(http: HttpClient, id: string): Promise<void> {
  await http.delete(`${CONSUMER}/identities/${encodeURIComponent(id)}`);
}

export async function subscribe(
  http: HttpClient,
  destination: string,
  groups: NotificationGroup[],
): Promise<void> {
  await http.post(`${CONSUMER}/subscriptions`, doc("subscriptions", { destination, group_names: groups }), {
    schema: subscriptionDocument,
  });
}

export async function unsubscribe(http: HttpClient, id: string): Promise<void> {
  await http.delete(`${CONSUMER}/subscriptions/${encodeURIComponent(id)}`);
}

export async function listSettings(http: HttpClient): Promise<NotificationSetting[]> {
  const body = await http.get(`${CONSUMER}/settings`, { schema: notificationSettingsDocument });
  return body.data.map((r) => r.attributes);
}

export async function saveSetting(
  http: HttpClient,
  setting: Pick<NotificationSetting, "group_name" | "enabled" | "channels">,
): Promise<void> {
  await http.post(`${CONSUMER}/settings`, doc("settings", setting), { schema: notificationSettingDocument });
}
