import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignedInAccount } from "../../shared/notifications/subscriptions.ts";
import styles from "./Notifications.module.css";
import { useUnreadCount } from "./useNotifications.ts";

/** The header's link to /notifications with the signed-in account's unread count. */
export default function NotificationsBell() {
  const { t } = useTranslation("notifications");
  const account = useSignedInAccount();
  const unread = useUnreadCount(account).data ?? 0;
  if (!account) return null;
  const label = unread > 0 ? t("bell.unread", { count: unread }) : t("bell.label");
  return (
    <Link
      to="/notifications"
      className={styles.bell}
      aria-label={label}
      title={label}
      data-testid="notifications-bell"
    >
      <svg
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        aria-hidden
      >
        <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
        <path d="M10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread > 0 ? (
        <span className={styles.badge} data-testid="notifications-unread">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
