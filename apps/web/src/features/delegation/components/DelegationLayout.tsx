import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { useConnection } from "wagmi";
import { DaoSubpage } from "../../../shared/ui/DaoSubpage.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { ConnectPrompt } from "../../../shared/wallet/ConnectPrompt.tsx";
import type { DelegationPosition } from "../api/delegationPosition.ts";
import styles from "../Delegation.module.css";
import { useDelegationPosition } from "../useDelegation.ts";

export interface DelegationTerminalProps {
  position: DelegationPosition;
  delegatee: Address;
}

/** A delegation page in any state, with the way back to the DAO and its heading. */
export function DelegationPage(props: Omit<ComponentProps<typeof DaoSubpage>, "namespace" | "className">) {
  return <DaoSubpage {...props} namespace="delegation" className={styles.page} />;
}

function Loaded({
  dao,
  user,
  delegatee,
  title,
  children,
}: {
  dao: Address;
  user: Address;
  delegatee: Address;
  title: string;
  children: (props: DelegationTerminalProps) => ReactNode;
}) {
  const { t } = useTranslation("delegation");
  const position = useDelegationPosition(dao, user);
  if (position.isPending)
    return (
      <DelegationPage dao={dao} title={title}>
        <LoadingState label={t("loading")} />
      </DelegationPage>
    );
  if (position.isError)
    return (
      <DelegationPage dao={dao} title={title}>
        <ErrorState message={position.error.message} onRetry={() => void position.refetch()} />
      </DelegationPage>
    );
  return (
    <DelegationPage dao={dao} daoName={position.data.daoName}>
      {children({ position: position.data, delegatee })}
    </DelegationPage>
  );
}

/**
 * The DAO, the delegatee and the connected member's position loaded for a delegation terminal: an
 * address that is not one, no wallet, or a delegation to oneself stop here with what is wrong, under
 * the terminal's `title`.
 */
export function DelegationLayout({
  title,
  children,
}: {
  title: string;
  children: (props: DelegationTerminalProps) => ReactNode;
}) {
  const { t } = useTranslation("delegation");
  const { daoAddress, delegatee } = useParams();
  const { address } = useConnection();
  const stop = (message: ReactNode) => (
    <DelegationPage dao={daoAddress ?? ""} title={title}>
      {message}
    </DelegationPage>
  );
  if (!daoAddress || !isAddress(daoAddress)) return stop(<EmptyState title={t("invalidDao")} />);
  if (!delegatee || !isAddress(delegatee)) return stop(<EmptyState title={t("invalidDelegatee")} />);
  if (!address) return stop(<ConnectPrompt title={t("connect")} />);
  if (address.toLowerCase() === delegatee.toLowerCase()) return stop(<EmptyState title={t("self")} />);
  return (
    <Loaded dao={daoAddress} user={address} delegatee={delegatee} title={title}>
      {children}
    </Loaded>
  );
}
