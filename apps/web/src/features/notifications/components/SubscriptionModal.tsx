import { notificationMessages } from "@polity/core/i18n/notifications";
import { type NotificationGroup, notificationGroups } from "@polity/core/notifications";
import { subscriptionSchema } from "@polity/core/validation/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useSubscriptions } from "../../../shared/notifications/subscriptions.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { createFields } from "../../../shared/ui/Field.tsx";
import { Modal } from "../../../shared/ui/Modal.tsx";
import { ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import styles from "../Notifications.module.css";
import { useNotificationMutations } from "../useNotifications.ts";

/** The spec's subscription modal modes. */
export type SubscriptionModalMode = "manage" | "new-subscription";

const { TextField } = createFields("notifications");

export const groupLabel = (group: NotificationGroup) => notificationMessages[`notifications.group.${group}`];

interface SubscriptionModalProps {
  account: Address;
  /** Opens on a new subscription to this DAO (a DAO page links to `/notifications?subscribe=<dao>`). */
  initialDestination: string | null;
  onClose(): void;
}

export function SubscriptionModal({ account, initialDestination, onClose }: SubscriptionModalProps) {
  const { t } = useTranslation("notifications");
  const [mode, setMode] = useState<SubscriptionModalMode>(initialDestination ? "new-subscription" : "manage");
  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title={mode === "manage" ? t("subscriptions.manageTitle") : t("subscriptions.newTitle")}
    >
      {mode === "manage" ? (
        <ManageSubscriptions account={account} onNew={() => setMode("new-subscription")} />
      ) : (
        <NewSubscription
          account={account}
          initial={initialDestination ?? ""}
          onDone={() => setMode("manage")}
        />
      )}
    </Modal>
  );
}

function ManageSubscriptions({ account, onNew }: { account: Address; onNew(): void }) {
  const { t } = useTranslation("notifications");
  const subscriptions = useSubscriptions(account);
  const { unsubscribe } = useNotificationMutations(account);
  if (subscriptions.isPending) return <LoadingState />;
  if (subscriptions.isError) return <ErrorState message={subscriptions.error.message} />;
  return (
    <div className={styles.stack}>
      {subscriptions.data.length === 0 ? <p className="muted">{t("subscriptions.none")}</p> : null}
      <ul className={styles.list} data-testid="subscriptions">
        {subscriptions.data.map((s) => (
          <li key={s.id} className={styles.item}>
            <div className={styles.itemBody}>
              <span className="mono">{s.destination}</span>
              <span className="muted">{s.group_names.map(groupLabel).join(", ")}</span>
            </div>
            <Button
              variant="ghost"
              size="small"
              isLoading={unsubscribe.isPending && unsubscribe.variables === s.id}
              onClick={() => unsubscribe.mutate(s.id)}
            >
              {t("subscriptions.remove")}
            </Button>
          </li>
        ))}
      </ul>
      <Button onClick={onNew}>{t("subscriptions.new")}</Button>
    </div>
  );
}

function NewSubscription({
  account,
  initial,
  onDone,
}: {
  account: Address;
  initial: string;
  onDone(): void;
}) {
  const { t } = useTranslation("notifications");
  const [destination, setDestination] = useState(initial);
  const [groups, setGroups] = useState<NotificationGroup[]>([...notificationGroups]);
  const [error, setError] = useState<string | undefined>();
  const { subscribe } = useNotificationMutations(account);

  function submit() {
    const parsed = subscriptionSchema.safeParse({ destination, group_names: groups });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    subscribe.mutate(
      { destination: destination.trim().toLowerCase(), groups },
      { onSuccess: onDone, onError: (err) => setError(err.message) },
    );
  }

  return (
    <form
      className={styles.stack}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField
        label={t("subscriptions.destination")}
        hint={t("subscriptions.destinationHint")}
        value={destination}
        onChange={setDestination}
        error={error === undefined ? undefined : { message: error }}
        isMono
      />
      <fieldset className={styles.groups}>
        <legend>{t("subscriptions.groups")}</legend>
        {notificationGroups.map((group) => (
          <label key={group} className={styles.check}>
            <input
              type="checkbox"
              checked={groups.includes(group)}
              onChange={(e) =>
                setGroups((current) =>
                  e.target.checked ? [...current, group] : current.filter((g) => g !== group),
                )
              }
            />
            {groupLabel(group)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" isLoading={subscribe.isPending}>
        {t("subscriptions.subscribe")}
      </Button>
    </form>
  );
}
