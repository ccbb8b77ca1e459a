import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../shared/ui/icons.tsx";
import styles from "./Notifications.module.css";
import { useSignedInAccount, useUnreadCount } from "./useNotifications.ts";

/** The header's link to /notifications with the signed-in account's unread count. */
export default function NotificationsBell() {
  const { t } = useTranslation();
  const account = useSignedInAccount();
  const unread = useUnreadCount(account).data ?? 0;
  if (!account) return null;
  const label = unread > 0 ? t("notificationsBell.unread", { count: unread }) : t("notificationsBell.label");
  return (
    <Link
      to="/notifications"
      className={styles.bell}
      aria-label={label}
      title={label}
      data-testid="notifications-bell"
    >
      <Icon name="bell" />
      {unread > 0 ? (
        <span className={styles.badge} data-testid="notifications-unread">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
