import {
  DEFAULT_NOTIFICATION_CHANNELS,
  DEFAULT_NOTIFICATION_LOCALE,
  type DeliveryChannel,
  groupOf,
  type NotificationGroup,
  type NotificationTopic,
} from "@polity/core/notifications";
import type pg from "pg";
import type { Db } from "../../db/pool.ts";
import type { PageOffset } from "../../http/jsonapi.ts";

export type Queryable = Db | pg.PoolClient;

/** Something that happened, before it is turned into notifications. */
export interface NotificationEventInput {
  /** Idempotency key of the event: the same key is stored once. */
  key: string;
  topic: NotificationTopic;
  chainId: number | null;
  /** Subscribers of this DAO (or account) hear it. */
  destination: string | null;
  /** These accounts hear it whether they subscribed or not. */
  recipients: string[];
  actor: string | null;
  params: Record<string, string>;
  occurredAt: Date;
}

export interface NotificationRow {
  id: string;
  account: string;
  topic: NotificationTopic;
  group_name: NotificationGroup;
  is_read: boolean;
  chain_id: number | null;
  destination: string | null;
  actor: string | null;
  params: Record<string, string>;
  occurred_at: Date;
  created_at: Date;
}

export interface NotificationFilter {
  account: string;
  isRead?: boolean | undefined;
  topics?: string[] | undefined;
  groups?: string[] | undefined;
}

export interface IdentityRow {
  id: string;
  account: string;
  channel: DeliveryChannel;
  identifier: string | null;
  link_token: string | null;
  created_at: Date;
}

export interface SubscriptionRow {
  id: string;
  account: string;
  destination: string;
  group_names: NotificationGroup[];
  created_at: Date;
}

export interface SettingRow {
  account: string;
  group_name: NotificationGroup;
  topic: string;
  locale: string;
  enabled: boolean;
  channels: DeliveryChannel[];
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  account: string;
  channel: DeliveryChannel;
  status: "pending" | "sending" | "failed" | "sent" | "dead";
  attempts: number;
  last_error: string | null;
  topic: NotificationTopic;
  params: Record<string, string>;
  chain_id: number | null;
  destination: string | null;
}

const NOTIFICATION_COLUMNS = `n.id::text, n.account, n.topic, n.group_name, n.is_read, e.chain_id, e.destination, e.actor,
  e.params, e.occurred_at, n.created_at`;

/**
 * The notification tables (schema `api`): what the routes read and change for the signed-in account,
 * and what the notifier writes (events, in-app notifications, deliveries, its cursors).
 */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  // --- events -------------------------------------------------------------------------------------

  /** Stores events once per key; answers how many were new. */
  async insertEvents(events: NotificationEventInput[], q: Queryable = this.db): Promise<number> {
    if (events.length === 0) return 0;
    const { rowCount } = await q.query(
      `INSERT INTO api.notification_events
              (key, topic, group_name, chain_id, destination, recipients, actor, params, occurred_at)
       SELECT e.key, e.topic, e.group_name, e.chain_id, e.destination,
              ARRAY(SELECT jsonb_array_elements_text(e.recipients)), e.actor, e.params, e.occurred_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::jsonb[], $7::text[],
                     $8::jsonb[], $9::timestamptz[])
              AS e(key, topic, group_name, chain_id, destination, recipients, actor, params, occurred_at)
       ON CONFLICT (key) DO NOTHING`,
      [
        events.map((e) => e.key),
        events.map((e) => e.topic),
        events.map((e) => groupOf(e.topic)),
        events.map((e) => e.chainId),
        events.map((e) => e.destination?.toLowerCase() ?? null),
        events.map((e) => JSON.stringify(e.recipients.map((r) => r.toLowerCase()))),
        events.map((e) => e.actor?.toLowerCase() ?? null),
        events.map((e) => JSON.stringify(e.params)),
        events.map((e) => e.occurredAt),
      ],
    );
    return rowCount ?? 0;
  }

  /** Events not yet handed to the fan-out queue, locked for this transaction. */
  async claimUnqueuedEvents(q: pg.PoolClient, limit: number): Promise<string[]> {
    const { rows } = await q.query<{ id: string }>(
      `SELECT id::text FROM api.notification_events WHERE fanned_out_at IS NULL AND NOT queued
        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async markQueued(q: pg.PoolClient, ids: string[]): Promise<void> {
    await q.query(`UPDATE api.notification_events SET queued = true WHERE id = ANY ($1::bigint[])`, [ids]);
  }

  /**
   * Turns one event into its in-app notifications and channel deliveries: one per account (and channel),
   * for the DAO's subscribers of the event's group and the event's own recipients, as each account's
   * settings allow. Idempotent: a second run adds nothing. Answers the new deliveries' ids.
   */
  async fanOut(
    q: pg.PoolClient,
    eventId: string,
    activeChannels: readonly DeliveryChannel[],
  ): Promise<{ notifications: number; deliveries: string[] }> {
    const audience = `
      WITH ev AS (SELECT * FROM api.notification_events WHERE id = $1),
      audience AS (
        SELECT s.account FROM api.notification_subscriptions s, ev
         WHERE ev.destination IS NOT NULL AND s.destination = ev.destination AND ev.group_name = ANY (s.group_names)
        UNION
        SELECT unnest(ev.recipients) FROM ev
      ),
      eff AS (
        SELECT a.account, coalesce(t.enabled, g.enabled, true) AS enabled,
               coalesce(t.channels, g.channels, $2::text[]) AS channels
          FROM audience a CROSS JOIN ev
          LEFT JOIN api.notification_settings t
                 ON t.account = a.account AND t.group_name = ev.group_name AND t.topic = ev.topic
          LEFT JOIN api.notification_settings g
                 ON g.account = a.account AND g.group_name = ev.group_name AND g.topic = ''
      )`;
    const inApp = await q.query(
      `${audience}
       INSERT INTO api.notifications (event_id, account, topic, group_name)
       SELECT ev.id, eff.account, ev.topic, ev.group_name FROM eff CROSS JOIN ev WHERE eff.enabled
       ON CONFLICT (event_id, account) DO NOTHING`,
      [eventId, DEFAULT_NOTIFICATION_CHANNELS],
    );
    const deliveries = await q.query<{ id: string }>(
      `${audience}
       INSERT INTO api.notification_deliveries (event_id, account, channel)
       SELECT DISTINCT ev.id, eff.account, i.channel
         FROM eff CROSS JOIN ev
         JOIN api.notification_identities i
           ON i.account = eff.account AND i.identifier IS NOT NULL AND i.channel = ANY (eff.channels)
        WHERE eff.enabled AND i.channel = ANY ($3::text[])
       ON CONFLICT (event_id, account, channel) DO NOTHING
       RETURNING id::text`,
      [eventId, DEFAULT_NOTIFICATION_CHANNELS, activeChannels],
    );
    await q.query(`UPDATE api.notification_events SET fanned_out_at = now() WHERE id = $1`, [eventId]);
    return { notifications: inApp.rowCount ?? 0, deliveries: deliveries.rows.map((r) => r.id) };
  }

  // --- deliveries ---------------------------------------------------------------------------------

  /**
   * Takes a delivery for sending. A delivery found `sending` was interrupted mid-send (the process died):
   * whether the provider got it is unknown, so it is not sent again (`interrupted`).
   */
  async claimDelivery(
    id: string,
  ): Promise<{ delivery: DeliveryRow | null; interrupted: boolean; status: string | null }> {
    const { rows } = await this.db.query<DeliveryRow>(
      `UPDATE api.notification_deliveries d
          SET status = 'sending', attempts = d.attempts + 1, updated_at = now()
         FROM api.notification_events e
        WHERE d.id = $1 AND d.status IN ('pending', 'failed') AND e.id = d.event_id
       RETURNING d.id::text, d.event_id::text, d.account, d.channel, d.status, d.attempts, d.last_error, e.topic, e.params,
                 e.chain_id, e.destination`,
      [id],
    );
    if (rows[0]) return { delivery: rows[0], interrupted: false, status: "sending" };
    const current = await this.db.query<{ status: string }>(
      `SELECT status FROM api.notification_deliveries WHERE id = $1`,
      [id],
    );
    const status = current.rows[0]?.status ?? null;
    return { delivery: null, interrupted: status === "sending", status };
  }

  async finishDelivery(id: string, outcome: "sent" | "failed" | "dead", error?: string): Promise<void> {
    await this.db.query(
      `UPDATE api.notification_deliveries
          SET status = $2, last_error = coalesce($3, last_error), updated_at = now(),
              sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END
        WHERE id = $1`,
      [id, outcome, error ?? null],
    );
  }

  async delivery(
    id: string,
  ): Promise<{ status: string; last_error: string | null; attempts: number } | null> {
    const { rows } = await this.db.query<{ status: string; last_error: string | null; attempts: number }>(
      `SELECT status, last_error, attempts FROM api.notification_deliveries WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async channelIdentifiers(account: string, channel: DeliveryChannel): Promise<string[]> {
    const { rows } = await this.db.query<{ identifier: string }>(
      `SELECT identifier FROM api.notification_identities
        WHERE account = $1 AND channel = $2 AND identifier IS NOT NULL ORDER BY id`,
      [account, channel],
    );
    return rows.map((r) => r.identifier);
  }

  // --- cursors ------------------------------------------------------------------------------------

  async cursors(): Promise<Map<string, string>> {
    const { rows } = await this.db.query<{ source: string; position: string }>(
      `SELECT source, position FROM api.notification_cursors`,
    );
    return new Map(rows.map((r) => [r.source, r.position]));
  }

  async saveCursor(source: string, position: string, q: Queryable = this.db): Promise<void> {
    await q.query(
      `INSERT INTO api.notification_cursors (source, position) VALUES ($1, $2)
       ON CONFLICT (source) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [source, position],
    );
  }

  // --- the signed-in account's own ------------------------------------------------------------------

  async register(account: string): Promise<{ account: string; registered_at: Date; isNew: boolean }> {
    const inserted = await this.db.query<{ account: string; registered_at: Date }>(
      `INSERT INTO api.notification_accounts (account) VALUES ($1) ON CONFLICT (account) DO NOTHING
       RETURNING account, registered_at`,
      [account],
    );
    if (inserted.rows[0]) return { ...inserted.rows[0], isNew: true };
    const { rows } = await this.db.query<{ account: string; registered_at: Date }>(
      `SELECT account, registered_at FROM api.notification_accounts WHERE account = $1`,
      [account],
    );
    return { ...rows[0]!, isNew: false };
  }

  private filterSql(f: NotificationFilter, params: unknown[]): string {
    params.push(f.account);
    const where = [`n.account = $${params.length}`];
    if (f.isRead !== undefined) {
      params.push(f.isRead);
      where.push(`n.is_read = $${params.length}`);
    }
    if (f.topics) {
      params.push(f.topics);
      where.push(`n.topic = ANY ($${params.length}::text[])`);
    }
    if (f.groups) {
      params.push(f.groups);
      where.push(`n.group_name = ANY ($${params.length}::text[])`);
    }
    return where.join(" AND ");
  }

  async list(f: NotificationFilter, page: PageOffset): Promise<{ rows: NotificationRow[]; total: number }> {
    const params: unknown[] = [];
    const where = this.filterSql(f, params);
    params.push(page.limit, page.offset);
    const { rows } = await this.db.query<NotificationRow & { total: number }>(
      `SELECT ${NOTIFICATION_COLUMNS}, count(*) OVER ()::int AS total
         FROM api.notifications n JOIN api.notification_events e ON e.id = n.event_id
        WHERE ${where}
        ORDER BY n.id ${page.order === "asc" ? "ASC" : "DESC"}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows[0]?.total ?? (page.offset > 0 ? await this.count(f) : 0);
    return { rows, total };
  }

  async count(f: NotificationFilter): Promise<number> {
    const params: unknown[] = [];
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM api.notifications n WHERE ${this.filterSql(f, params)}`,
      params,
    );
    return rows[0]?.count ?? 0;
  }

  async markRead(account: string, ids: string[] | "all"): Promise<number> {
    const { rowCount } =
      ids === "all"
        ? await this.db.query(
            `UPDATE api.notifications SET is_read = true WHERE account = $1 AND NOT is_read`,
            [account],
          )
        : await this.db.query(
            `UPDATE api.notifications SET is_read = true
              WHERE account = $1 AND id = ANY ($2::bigint[]) AND NOT is_read`,
            [account, ids],
          );
    return rowCount ?? 0;
  }

  async identities(account: string): Promise<IdentityRow[]> {
    const { rows } = await this.db.query<IdentityRow>(
      `SELECT id::text, account, channel, identifier, link_token, created_at
         FROM api.notification_identities WHERE account = $1 ORDER BY id LIMIT 1000`,
      [account],
    );
    return rows;
  }

  /** Adds an identity (an existing one with the same identifier is answered as it is). */
  async addIdentity(
    account: string,
    channel: DeliveryChannel,
    identifier: string | null,
    link?: { token: string; expiresAt: Date },
  ): Promise<IdentityRow> {
    const { rows } = await this.db.query<IdentityRow>(
      `INSERT INTO api.notification_identities (account, channel, identifier, link_token, link_expires_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account, channel, identifier) DO UPDATE SET identifier = EXCLUDED.identifier
       RETURNING id::text, account, channel, identifier, link_token, created_at`,
      [account, channel, identifier, link?.token ?? null, link?.expiresAt ?? null],
    );
    return rows[0]!;
  }

  /** Links a pending Telegram identity to its chat when the bot receives the one-time token. */
  async linkIdentity(token: string, identifier: string): Promise<IdentityRow | null> {
    const { rows } = await this.db.query<IdentityRow>(
      `UPDATE api.notification_identities SET identifier = $2, link_token = NULL, link_expires_at = NULL
        WHERE link_token = $1 AND link_expires_at > now()
          AND NOT EXISTS (SELECT 1 FROM api.notification_identities o
                           WHERE o.account = notification_identities.account AND o.channel = 'telegram' AND o.identifier = $2)
       RETURNING id::text, account, channel, identifier, link_token, created_at`,
      [token, identifier],
    );
    return rows[0] ?? null;
  }

  /** Removes one of the account's identities; answers its channel, or null when it has none by that id. */
  async removeIdentity(account: string, id: string): Promise<DeliveryChannel | null> {
    const { rows } = await this.db.query<{ channel: DeliveryChannel }>(
      `DELETE FROM api.notification_identities WHERE id = $1 AND account = $2 RETURNING channel`,
      [id, account],
    );
    return rows[0]?.channel ?? null;
  }

  async subscriptions(
    account: string,
    page: PageOffset,
  ): Promise<{ rows: SubscriptionRow[]; total: number }> {
    const { rows } = await this.db.query<SubscriptionRow & { total: number }>(
      `SELECT id::text, account, destination, group_names, created_at, count(*) OVER ()::int AS total
         FROM api.notification_subscriptions WHERE account = $1
        ORDER BY id ${page.order === "asc" ? "ASC" : "DESC"} LIMIT $2 OFFSET $3`,
      [account, page.limit, page.offset],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  async countSubscriptions(account: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM api.notification_subscriptions WHERE account = $1`,
      [account],
    );
    return rows[0]?.count ?? 0;
  }

  /** Subscribes, or replaces the groups of an existing subscription to the same destination. */
  async subscribe(
    account: string,
    destination: string,
    groups: NotificationGroup[],
  ): Promise<SubscriptionRow> {
    const { rows } = await this.db.query<SubscriptionRow>(
      `INSERT INTO api.notification_subscriptions (account, destination, group_names) VALUES ($1, $2, $3)
       ON CONFLICT (account, destination) DO UPDATE SET group_names = EXCLUDED.group_names
       RETURNING id::text, account, destination, group_names, created_at`,
      [account, destination, groups],
    );
    return rows[0]!;
  }

  async unsubscribe(account: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `DELETE FROM api.notification_subscriptions WHERE id = $1 AND account = $2`,
      [id, account],
    );
    return (rowCount ?? 0) > 0;
  }

  async settings(account: string): Promise<SettingRow[]> {
    const { rows } = await this.db.query<SettingRow>(
      `SELECT account, group_name, topic, locale, enabled, channels FROM api.notification_settings
        WHERE account = $1 ORDER BY group_name, topic LIMIT 1000`,
      [account],
    );
    return rows;
  }

  async saveSetting(s: Omit<SettingRow, "locale"> & { locale: string | undefined }): Promise<SettingRow> {
    const { rows } = await this.db.query<SettingRow>(
      `INSERT INTO api.notification_settings (account, group_name, topic, locale, enabled, channels)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account, group_name, topic) DO UPDATE
         SET locale = EXCLUDED.locale, enabled = EXCLUDED.enabled, channels = EXCLUDED.channels, updated_at = now()
       RETURNING account, group_name, topic, locale, enabled, channels`,
      [s.account, s.group_name, s.topic, s.locale ?? DEFAULT_NOTIFICATION_LOCALE, s.enabled, s.channels],
    );
    return rows[0]!;
  }
}
