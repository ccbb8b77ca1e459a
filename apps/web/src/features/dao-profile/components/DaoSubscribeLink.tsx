import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { useSignedInAccount, useSubscriptions } from "../../../shared/notifications/subscriptions.ts";
import { buttonClassName } from "../../../shared/ui/Button.tsx";
import styles from "../DaoProfile.module.css";

/**
 * The DAO page's way into its notifications, for a signed-in account: 'Subscribe' opens the
 * new-subscription modal on this DAO, 'Subscribed' the modal managing the account's subscriptions.
 * Loaded lazily with a connected wallet only, so the DAO page carries none of it otherwise.
 */
export function DaoSubscribeLink({ dao }: { dao: Address }) {
  const { t } = useTranslation("daoProfile");
  const account = useSignedInAccount();
  const subscriptions = useSubscriptions(account);
  if (!account || !subscriptions.isSuccess) return null;
  const isSubscribed = subscriptions.data.some((s) => s.destination === dao.toLowerCase());
  return (
    <Link
      to={isSubscribed ? "/notifications?subscriptions" : `/notifications?subscribe=${dao.toLowerCase()}`}
      className={`${buttonClassName(isSubscribed ? "secondary" : "primary")} ${styles.subscribe}`}
      data-testid="dao-subscribe"
      title={isSubscribed ? t("header.manageSubscription") : t("header.subscribeHint")}
    >
      {isSubscribed ? t("header.subscribed") : t("header.subscribe")}
    </Link>
  );
}
