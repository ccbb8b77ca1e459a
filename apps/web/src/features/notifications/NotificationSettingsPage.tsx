import { notificationMessages } from "@polity/core/i18n/notifications";
import { type DeliveryChannel, deliveryChannels } from "@polity/core/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { Button } from "../../shared/ui/Button.tsx";
import { createFields } from "../../shared/ui/Field.tsx";
import { ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import type { ActiveChannel, NotificationSetting } from "./api/notificationsApi.ts";
import { SignedInGate } from "./components/SignedInGate.tsx";
import { groupLabel } from "./components/SubscriptionModal.tsx";
import styles from "./Notifications.module.css";
import { useActiveChannels, useNotificationMutations, useSettings } from "./useNotifications.ts";
import { isWebPushSupported, subscribeBrowser } from "./webPush.ts";

const { TextField } = createFields("notifications");
const channelLabel = (channel: DeliveryChannel) => notificationMessages[`notifications.channel.${channel}`];

export function NotificationSettingsPage() {
  return <SignedInGate>{(account) => <Settings account={account} />}</SignedInGate>;
}

function Settings({ account }: { account: Address }) {
  const { t } = useTranslation("notifications");
  const settings = useSettings(account);
  const channels = useActiveChannels(account);
  if (settings.isPending || channels.isPending) return <LoadingState />;
  if (settings.isError)
    return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  if (channels.isError)
    return <ErrorState message={channels.error.message} onRetry={() => void channels.refetch()} />;
  return (
    <section className={styles.page} aria-labelledby="notification-settings-title">
      <div className={styles.head}>
        <h1 id="notification-settings-title">{t("settings.title")}</h1>
        <Link to="/notifications">{t("settings.back")}</Link>
      </div>
      <h2>{t("settings.channels")}</h2>
      <ul className={styles.list}>
        {channels.data.map((c) => (
          <ChannelRow key={c.channel} account={account} channel={c} />
        ))}
      </ul>
      <h2>{t("settings.groups")}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("settings.group")}</th>
            <th scope="col">{t("settings.enabled")}</th>
            {deliveryChannels.map((c) => (
              <th key={c} scope="col">
                {channelLabel(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {settings.data
            .filter((s) => s.topic === null)
            .map((s) => (
              <GroupRow key={s.group_name} account={account} setting={s} />
            ))}
        </tbody>
      </table>
    </section>
  );
}

function GroupRow({ account, setting }: { account: Address; setting: NotificationSetting }) {
  const { saveSetting } = useNotificationMutations(account);
  const label = groupLabel(setting.group_name);
  const save = (next: Partial<Pick<NotificationSetting, "enabled" | "channels">>) =>
    saveSetting.mutate({
      group_name: setting.group_name,
      enabled: next.enabled ?? setting.enabled,
      channels: next.channels ?? setting.channels,
    });
  return (
    <tr data-testid={`setting-${setting.group_name}`}>
      <th scope="row">{label}</th>
      <td>
        <input
          type="checkbox"
          aria-label={label}
          checked={setting.enabled}
          onChange={(e) => save({ enabled: e.target.checked })}
        />
      </td>
      {deliveryChannels.map((c) => (
        <td key={c}>
          <input
            type="checkbox"
            aria-label={`${label}: ${channelLabel(c)}`}
            checked={setting.channels.includes(c)}
            disabled={!setting.enabled}
            onChange={(e) =>
              save({
                channels: e.target.checked
                  ? [...setting.channels, c]
                  : setting.channels.filter((x) => x !== c),
              })
            }
          />
        </td>
      ))}
    </tr>
  );
}

function ChannelRow({ account, channel: c }: { account: Address; channel: ActiveChannel }) {
  const { t } = useTranslation("notifications");
  const { connect, disconnect } = useNotificationMutations(account);
  const [webhook, setWebhook] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [telegramLink, setTelegramLink] = useState<string | null>(null);
  const onError = (err: Error) => setError(err.message);

  async function connectChannel() {
    setError(undefined);
    if (c.channel === "firebase") {
      if (!c.public_key || !isWebPushSupported()) return setError(t("settings.pushUnsupported"));
      const identifier = await subscribeBrowser(c.public_key).catch((err: Error) => {
        onError(err);
        return null;
      });
      if (identifier) connect.mutate({ channel: "firebase", identifier }, { onError });
      return;
    }
    if (c.channel === "telegram") {
      connect.mutate({ channel: "telegram" }, { onSuccess: (r) => setTelegramLink(r.link), onError });
      return;
    }
    connect.mutate(
      { channel: c.channel, identifier: webhook.trim() },
      { onSuccess: () => setWebhook(""), onError },
    );
  }

  return (
    <li className={styles.item} data-testid={`channel-${c.channel}`}>
      <div className={styles.itemBody}>
        <strong>{channelLabel(c.channel)}</strong>
        <span className="muted">
          {!c.is_active
            ? t("settings.inactive")
            : c.identity_id
              ? t("settings.connected")
              : t("settings.notConnected")}
        </span>
        {telegramLink ? (
          <a href={telegramLink} target="_blank" rel="noreferrer">
            {t("settings.openTelegram")}
          </a>
        ) : null}
        {c.is_active && !c.identity_id && (c.channel === "slack" || c.channel === "discord") ? (
          <TextField
            label={t("settings.webhook", { channel: channelLabel(c.channel) })}
            value={webhook}
            onChange={setWebhook}
            isMono
          />
        ) : null}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
      {c.identity_id ? (
        <Button
          variant="secondary"
          size="small"
          isLoading={disconnect.isPending}
          onClick={() => disconnect.mutate(c.identity_id as string, { onError })}
        >
          {t("settings.disconnect")}
        </Button>
      ) : (
        <Button
          size="small"
          disabled={!c.is_active}
          isLoading={connect.isPending}
          onClick={() => void connectChannel()}
        >
          {t("settings.connect")}
        </Button>
      )}
    </li>
  );
}
