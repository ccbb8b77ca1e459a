/**
 * Links Telegram chats to accounts: the web shows the bot's deep link `t.me/<bot>?start=<token>`, the
 * member presses Start, the bot receives `/start <token>`, and the pending identity holding that
 * one-time token gets the chat id. Updates are read with getUpdates from the last confirmed offset.
 */

import type { Api } from "grammy";
import type { NotificationsConfig } from "../config.ts";
import type { NotificationsRepository } from "../modules/notifications/notifications.repository.ts";
import { telegramApi } from "./channels.ts";
import type { Log } from "./log.ts";

const OFFSET_CURSOR = "telegram:offset";

export class TelegramLinker {
  private readonly api: Api | null;

  constructor(
    config: NotificationsConfig,
    private readonly repo: NotificationsRepository,
    private readonly log: Log,
  ) {
    this.api = telegramApi(config);
  }

  async poll(): Promise<number> {
    if (!this.api) return 0;
    const offset = Number((await this.repo.cursors()).get(OFFSET_CURSOR) ?? 0);
    let updates: Awaited<ReturnType<Api["getUpdates"]>>;
    try {
      updates = await this.api.getUpdates({ offset, timeout: 0, allowed_updates: ["message"] });
    } catch (err) {
      this.log.warn({ err }, "Telegram getUpdates failed");
      return 0;
    }
    let linked = 0;
    for (const update of updates) {
      const text = update.message?.text ?? "";
      const match = /^\/start\s+([A-Za-z0-9_-]{16,64})$/.exec(text.trim());
      if (match && update.message) {
        const chatId = String(update.message.chat.id);
        const identity = await this.repo.linkIdentity(match[1]!, chatId);
        if (identity) linked++;
        await this.api
          .sendMessage(
            chatId,
            identity
              ? "Polity notifications are connected to this chat."
              : "This link has expired. Open a new one from your Polity notification settings.",
          )
          .catch((err: unknown) => this.log.warn({ err }, "Telegram reply failed"));
      }
      await this.repo.saveCursor(OFFSET_CURSOR, String(update.update_id + 1));
    }
    return linked;
  }
}
