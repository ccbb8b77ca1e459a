/**
 * The notification services' rules: an account reads and changes its own notifications, identities,
 * subscriptions and settings only; webhooks are checked before they are saved; a Telegram identity
 * starts pending with a one-time deep-link token.
 */
import { randomBytes } from "node:crypto";
import { PAGE_SIZES } from "@polity/core/constants";
import {
  DEFAULT_NOTIFICATION_LOCALE,
  type DeliveryChannel,
  deliveryChannels,
  type NotificationGroup,
  notificationGroups,
} from "@polity/core/notifications";
import type {
  ActiveChannelRecord,
  IdentityRecord,
  NotificationRecord,
  NotificationSettingRecord,
  SubscriptionRecord,
} from "@polity/core/records/notifications";
import type { Address } from "viem";
import type { NotificationsConfig } from "../../config.ts";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import type { PageOffset } from "../../http/jsonapi.ts";
import {
  activeChannels,
  type ChannelSenders,
  checkWebhook,
  isAllowedWebhook,
} from "../../notifier/channels.ts";
import type { Session } from "../types.ts";
import type {
  IdentityRow,
  NotificationEventInput,
  NotificationFilter,
  NotificationRow,
  NotificationsRepository,
  SubscriptionRow,
} from "./notifications.repository.ts";

/** How long a Telegram deep link may wait for its Start. */
const TELEGRAM_LINK_TTL_MS = 30 * 60 * 1000;

export const toNotification = (n: NotificationRow): NotificationRecord => ({
  account: n.account as Address,
  topic: n.topic,
  group_name: n.group_name,
  is_read: n.is_read,
  chain_id: n.chain_id,
  destination: n.destination as Address | null,
  actor: n.actor as Address | null,
  params: n.params,
  occurred_at: n.occurred_at.toISOString(),
  created_at: n.created_at.toISOString(),
});

export const toSubscription = (s: SubscriptionRow): SubscriptionRecord => ({
  account: s.account as Address,
  destination: s.destination as Address,
  group_names: s.group_names,
  created_at: s.created_at.toISOString(),
});

/** A webhook URL is a secret (anyone holding it may post): only its host and the end of its path are shown. */
const shownIdentifier = (i: IdentityRow): string => {
  if (i.identifier === null) return "";
  if (i.channel === "slack" || i.channel === "discord") {
    const url = new URL(i.identifier);
    return `${url.host}/…${url.pathname.slice(-4)}`;
  }
  if (i.channel === "firebase") return new URL(JSON.parse(i.identifier).endpoint as string).host;
  return i.identifier;
};

export class NotificationsService {
  private readonly active: DeliveryChannel[];

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly config: NotificationsConfig,
    senders: ChannelSenders,
  ) {
    this.active = activeChannels(senders);
  }

  /** The account a request names must be the signed-in one. */
  own(session: Session, account: string | undefined): Address {
    const wanted = (account?.toLowerCase() ?? session.address) as Address;
    if (wanted !== session.address)
      throw forbidden("errors.api.notificationsOtherAccount", { account: wanted });
    return wanted;
  }

  list(filter: NotificationFilter, page: PageOffset) {
    return this.repo.list(filter, page);
  }

  async count(filter: NotificationFilter): Promise<{ count: number; unread_count: number }> {
    const [count, unread] = await Promise.all([
      this.repo.count(filter),
      filter.isRead === true ? 0 : this.repo.count({ ...filter, isRead: false }),
    ]);
    return { count, unread_count: unread };
  }

  unread(account: string): Promise<number> {
    return this.repo.count({ account, isRead: false });
  }

  async mark(account: string, ids: string[] | "all"): Promise<{ marked: number; unread_count: number }> {
    const marked = await this.repo.markRead(account, ids);
    return { marked, unread_count: await this.unread(account) };
  }

  async activeChannels(account: string): Promise<ActiveChannelRecord[]> {
    const identities = await this.repo.identities(account);
    return deliveryChannels.map((channel) => ({
      channel,
      is_active: this.active.includes(channel),
      identity_id: identities.find((i) => i.channel === channel)?.id ?? null,
      public_key: channel === "firebase" ? (this.config.webPush?.publicKey ?? null) : null,
    }));
  }

  /**
   * Registers the account for notifications. Its agreement to the privacy policy is told by the notifier
   * from the UserRegistry's record on chain, once per agreement, not here.
   */
  register(account: string) {
    return this.repo.register(account);
  }

  async addIdentity(account: string, channel: DeliveryChannel, identifier: string | undefined) {
    if (!this.active.includes(channel)) throw conflict("errors.api.channelInactive", { channel });
    await this.repo.register(account);
    let row: IdentityRow;
    if (channel === "telegram") {
      const token = randomBytes(24).toString("base64url");
      row = await this.repo.addIdentity(account, channel, null, {
        token,
        expiresAt: new Date(Date.now() + TELEGRAM_LINK_TTL_MS),
      });
    } else {
      const value = identifier as string;
      if (channel === "slack" || channel === "discord") await this.checkWebhook(channel, value);
      row = await this.repo.addIdentity(account, channel, value);
    }
    await this.credentialsUpdated(account, row.id, channel, "added");
    return row;
  }

  /** Tells the account its channels changed (a connected or disconnected identity), once per change. */
  private credentialsUpdated(
    account: string,
    identityId: string,
    channel: DeliveryChannel,
    change: "added" | "removed",
  ) {
    return this.publish({
      key: `UPDATED_USER_CREDENTIALS:${account}:${identityId}:${change}`,
      topic: "UPDATED_USER_CREDENTIALS",
      chainId: null,
      destination: null,
      recipients: [account],
      actor: account,
      params: { channel, change },
      occurredAt: new Date(),
    });
  }

  private async checkWebhook(channel: "slack" | "discord", url: string): Promise<void> {
    const origins = this.config.webhookOrigins[channel];
    if (!isAllowedWebhook(url, origins))
      throw badRequest(
        "errors.api.webhookHostNotAllowed",
        { channel, hosts: origins.join(", ") },
        { field: "identifier" },
      );
    const status = await checkWebhook(channel, url);
    if (status === null)
      throw badRequest("errors.api.webhookUnreachable", { channel }, { field: "identifier" });
    if (status < 200 || status >= 300)
      throw badRequest("errors.api.webhookRejected", { channel, status }, { field: "identifier" });
  }

  toIdentity(row: IdentityRow): IdentityRecord {
    const bot = this.config.telegram?.botName;
    return {
      account: row.account as Address,
      channel: row.channel,
      identifier: shownIdentifier(row),
      is_pending: row.identifier === null,
      link: row.link_token && bot ? `https://t.me/${bot}?start=${row.link_token}` : null,
      created_at: row.created_at.toISOString(),
    };
  }

  async removeIdentity(account: string, id: string): Promise<void> {
    const channel = await this.repo.removeIdentity(account, id);
    if (!channel) throw notFound("errors.api.identityNotFound", { id });
    await this.credentialsUpdated(account, id, channel, "removed");
  }

  subscriptions(account: string, page: PageOffset) {
    return this.repo.subscriptions(account, page);
  }

  async subscribe(account: string, destination: string, groups: NotificationGroup[]) {
    await this.repo.register(account);
    if ((await this.repo.countSubscriptions(account)) >= PAGE_SIZES.notificationSettings)
      throw conflict("errors.api.subscriptionLimit", { limit: PAGE_SIZES.notificationSettings });
    return this.repo.subscribe(account, destination, [...new Set(groups)]);
  }

  async unsubscribe(account: string, id: string): Promise<void> {
    if (!(await this.repo.unsubscribe(account, id)))
      throw notFound("errors.api.subscriptionNotFound", { id });
  }

  /** Every group's setting, the stored ones and the defaults for the rest (topic rows after their group's). */
  async settings(account: string): Promise<NotificationSettingRecord[]> {
    const stored = await this.repo.settings(account);
    const out: NotificationSettingRecord[] = [];
    for (const group of notificationGroups) {
      const own = stored.filter((s) => s.group_name === group);
      const general = own.find((s) => s.topic === "");
      out.push({
        account: account as Address,
        group_name: group,
        locale: general?.locale ?? DEFAULT_NOTIFICATION_LOCALE,
        topic: null,
        enabled: general?.enabled ?? true,
        channels: general?.channels ?? [...deliveryChannels],
      });
      for (const s of own.filter((t) => t.topic !== "")) {
        out.push({ ...s, account: account as Address, topic: s.topic });
      }
    }
    return out;
  }

  async saveSetting(
    account: string,
    s: {
      group_name: NotificationGroup;
      topic?: string | null | undefined;
      locale?: string | undefined;
      enabled: boolean;
      channels: DeliveryChannel[];
    },
  ): Promise<NotificationSettingRecord> {
    await this.repo.register(account);
    const row = await this.repo.saveSetting({
      account,
      group_name: s.group_name,
      topic: s.topic ?? "",
      locale: s.locale,
      enabled: s.enabled,
      channels: [...new Set(s.channels)],
    });
    return { ...row, account: account as Address, topic: row.topic === "" ? null : row.topic };
  }

  /** Stores an event the api produced; the notifier queues and fans it out on its next pass. */
  publish(event: NotificationEventInput): Promise<number> {
    return this.repo.insertEvents([event]);
  }
}
