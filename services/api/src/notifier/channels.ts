/**
 * The delivery channels, each through its provider's client: web push (VAPID, `web-push`), Telegram
 * (Bot API, `grammy`), Slack and Discord incoming webhooks (plain HTTPS POSTs to the URL the member
 * pasted). Base URLs and credentials come from configuration; a channel without credentials is
 * inactive: it is listed so, gets no deliveries and never throws at start.
 */
import type { DeliveryChannel } from "@polity/core/notifications";
import { Api } from "grammy";
import webPush from "web-push";
import type { NotificationsConfig } from "../config.ts";

/** What a channel shows: a title line, the text, and a link into the web app. */
export interface ChannelMessage {
  title: string;
  text: string;
  url: string | null;
  /** The delivery's idempotency key, passed where a provider takes one. */
  key: string;
}

/** A provider refused or could not be reached; `isPermanent` when retrying cannot help (gone, bad request). */
export class ChannelError extends Error {
  override name = "ChannelError";
  constructor(
    message: string,
    readonly isPermanent = false,
  ) {
    super(message);
  }
}

export interface ChannelSender {
  channel: DeliveryChannel;
  isActive: boolean;
  send(identifier: string, message: ChannelMessage): Promise<void>;
}

const TIMEOUT_MS = 10_000;

/** Header carrying a delivery's idempotency key, so a receiver can tell a repeat from a new message. */
export const DELIVERY_KEY_HEADER = "x-polity-delivery";

async function postJson(url: string, body: unknown, key?: string): Promise<Response> {
  try {
    return await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key && { [DELIVERY_KEY_HEADER]: key }) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch (err) {
    throw new ChannelError(`request failed: ${(err as Error).message}`);
  }
}

function checkStatus(res: Response, what: string): void {
  if (res.ok) return;
  // 4xx other than 429: the webhook was removed or the payload is refused; retrying cannot help.
  const isPermanent = res.status >= 400 && res.status < 500 && res.status !== 429;
  throw new ChannelError(`${what} answered ${res.status}`, isPermanent);
}

/** Is this URL an allowed webhook of the channel (an https URL of a configured origin)? */
export function isAllowedWebhook(url: string, origins: string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return origins.some((origin) => parsed.origin === origin);
}

/** An incoming webhook channel: a POST of the provider's message shape to the URL the member pasted. */
function webhook(
  channel: "slack" | "discord",
  origins: string[],
  body: (m: ChannelMessage) => Record<string, unknown>,
): ChannelSender {
  const name = channel === "slack" ? "Slack" : "Discord";
  return {
    channel,
    isActive: origins.length > 0,
    async send(url, m) {
      if (!isAllowedWebhook(url, origins)) throw new ChannelError("webhook host not allowed", true);
      checkStatus(await postJson(url, body(m), m.key), `${name} webhook`);
    },
  };
}

const slack = (config: NotificationsConfig) =>
  webhook("slack", config.webhookOrigins.slack, (m) => ({
    text: `*${m.title}*\n${m.text}${m.url ? `\n<${m.url}|Open in Polity>` : ""}`,
  }));

const discord = (config: NotificationsConfig) =>
  webhook("discord", config.webhookOrigins.discord, (m) => ({
    content: `**${m.title}**\n${m.text}${m.url ? `\n${m.url}` : ""}`,
    allowed_mentions: { parse: [] },
  }));

/** The Telegram Bot API client for the configured bot and API root. */
export function telegramApi(config: NotificationsConfig): Api | null {
  if (!config.telegram) return null;
  return new Api(config.telegram.botToken, { apiRoot: config.telegram.apiUrl });
}

function telegram(config: NotificationsConfig): ChannelSender {
  const api = telegramApi(config);
  return {
    channel: "telegram",
    isActive: api !== null,
    async send(chatId, m) {
      if (!api) throw new ChannelError("Telegram is not configured", true);
      try {
        const link = m.url ? `\n${m.url}` : "";
        await api.sendMessage(chatId, `${m.title}\n${m.text}${link}`);
      } catch (err) {
        const code = (err as { error_code?: number }).error_code;
        throw new ChannelError(
          `Telegram answered ${code ?? (err as Error).message}`,
          code !== undefined && code >= 400 && code < 500 && code !== 429,
        );
      }
    },
  };
}

function firebase(config: NotificationsConfig): ChannelSender {
  const vapid = config.webPush;
  return {
    channel: "firebase",
    isActive: vapid !== null,
    async send(identifier, m) {
      if (!vapid) throw new ChannelError("web push is not configured", true);
      const subscription = JSON.parse(identifier) as webPush.PushSubscription;
      // web-push encrypts the payload and signs the VAPID header; the request goes out through fetch.
      const request = webPush.generateRequestDetails(
        subscription,
        JSON.stringify({ title: m.title, body: m.text, url: m.url }),
        {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 60 * 60,
          topic: m.key.replace(/[^A-Za-z0-9_-]/g, "").slice(-32),
        },
      );
      let res: Response;
      try {
        res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: "error",
        });
      } catch (err) {
        throw new ChannelError(`push service unreachable: ${(err as Error).message}`);
      }
      // 404/410: the browser dropped the subscription; retrying cannot help.
      if (res.status === 404 || res.status === 410)
        throw new ChannelError(`push service answered ${res.status}`, true);
      checkStatus(res, "push service");
    },
  };
}

export type ChannelSenders = Record<DeliveryChannel, ChannelSender>;

export function channelSenders(config: NotificationsConfig): ChannelSenders {
  return {
    firebase: firebase(config),
    telegram: telegram(config),
    slack: slack(config),
    discord: discord(config),
  };
}

export const activeChannels = (senders: ChannelSenders): DeliveryChannel[] =>
  Object.values(senders)
    .filter((s) => s.isActive)
    .map((s) => s.channel);

/**
 * Checks a webhook before it is saved: Slack's takes a test message (it has no read), Discord's answers
 * a GET with the webhook itself. Answers the HTTP status, or null when the host did not answer.
 */
export async function checkWebhook(channel: "slack" | "discord", url: string): Promise<number | null> {
  try {
    const res =
      channel === "slack"
        ? await postJson(url, { text: "Polity notifications are connected to this channel." })
        : await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
    return res.status;
  } catch {
    return null;
  }
}
