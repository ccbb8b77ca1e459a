import { notificationText, offchainProposalName } from "@polity/core/i18n/notifications";
import {
  type NotificationTab,
  type NotificationTopic,
  notificationPath,
  notificationTabs,
  notifiedOffchainProposals,
  offchainProposalPath,
} from "@polity/core/notifications";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { Address } from "viem";
import { Button, buttonClassName } from "../../shared/ui/Button.tsx";
import { Pagination } from "../../shared/ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import tabStyles from "../../shared/ui/Tabs.module.css";
import { SignedInGate } from "./components/SignedInGate.tsx";
import { SubscriptionModal } from "./components/SubscriptionModal.tsx";
import styles from "./Notifications.module.css";
import { useNotificationMutations, useNotificationsList } from "./useNotifications.ts";

const TABS = Object.keys(notificationTabs) as NotificationTab[];

function isTab(value: string | null): value is NotificationTab {
  return value !== null && (TABS as string[]).includes(value);
}

export function NotificationsPage() {
  return <SignedInGate>{(account) => <NotificationsList account={account} />}</SignedInGate>;
}

function NotificationsList({ account }: { account: Address }) {
  const { t, i18n } = useTranslation("notifications");
  const [params, setParams] = useSearchParams();
  const tab: NotificationTab = isTab(params.get("tab")) ? (params.get("tab") as NotificationTab) : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const subscribeTo = params.get("subscribe");
  const modal = params.get("subscriptions") !== null || subscribeTo !== null;
  const list = useNotificationsList(account, notificationTabs[tab], page);
  const { markRead } = useNotificationMutations(account);

  function update(next: Record<string, string | null>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  }

  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <div className={styles.head}>
        <h1 id="notifications-title">{t("title")}</h1>
        <div className={styles.headActions}>
          <Button
            variant="secondary"
            size="small"
            disabled={!list.data || list.data.unread === 0}
            isLoading={markRead.isPending && markRead.variables === "all"}
            onClick={() => markRead.mutate("all")}
            data-testid="mark-all-read"
          >
            {t("markAllRead")}
          </Button>
          <Button variant="secondary" size="small" onClick={() => update({ subscriptions: "" })}>
            {t("subscriptions.open")}
          </Button>
          <Link to="/notifications/settings" className={buttonClassName("ghost")}>
            {t("settingsLink")}
          </Link>
        </div>
      </div>
      <nav className={tabStyles.tabs} aria-label={t("tabsLabel")}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            className={`${tabStyles.compactTab} ${styles.tabButton} ${id === tab ? tabStyles.activeTab : ""}`}
            aria-current={id === tab ? "page" : undefined}
            onClick={() => update({ tab: id === "all" ? null : id, page: null })}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </nav>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ul className={styles.list} data-testid="notifications-list">
          {list.data.items.map((n) => {
            const link = notificationPath(n);
            const text = notificationText(n.topic as NotificationTopic, n.params);
            const pool = n.params.pool ?? n.destination;
            // Saved off-chain results name each proposal they cover, a link to each.
            const offchain = pool
              ? notifiedOffchainProposals(n.params).map((p) => ({
                  ...p,
                  path: offchainProposalPath(pool, p.id),
                }))
              : [];
            return (
              <li
                key={n.id}
                className={`${styles.item} ${n.is_read ? "" : styles.unread}`}
                data-testid="notification"
                data-read={n.is_read}
              >
                <div className={styles.itemBody}>
                  {link ? <Link to={link}>{text}</Link> : <span>{text}</span>}
                  {offchain.length > 0 ? (
                    <ul className={styles.proposals}>
                      {offchain.map((p) => (
                        <li key={p.id}>
                          <Link to={p.path}>{offchainProposalName(p)}</Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <time className="muted" dateTime={n.occurred_at}>
                    {new Date(n.occurred_at).toLocaleString(i18n.language)}
                  </time>
                </div>
                {n.is_read ? null : (
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => markRead.mutate([n.id])}
                    aria-label={t("markReadOf", { text })}
                  >
                    {t("markRead")}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.data ? (
        <Pagination
          page={page}
          pageCount={list.data.pageCount}
          onChange={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      ) : null}
      {modal ? (
        <SubscriptionModal
          account={account}
          initialDestination={subscribeTo}
          onClose={() => update({ subscriptions: null, subscribe: null })}
        />
      ) : null}
    </section>
  );
}
