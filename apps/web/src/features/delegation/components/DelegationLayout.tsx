import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { useConnection } from "wagmi";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { ConnectPrompt } from "../../../shared/wallet/ConnectPrompt.tsx";
import type { DelegationPosition } from "../api/delegationPosition.ts";
import styles from "../Delegation.module.css";
import { useDelegationPosition } from "../useDelegation.ts";

export interface DelegationTerminalProps {
  position: DelegationPosition;
  delegatee: Address;
}

function Loaded({
  dao,
  user,
  delegatee,
  children,
}: {
  dao: Address;
  user: Address;
  delegatee: Address;
  children: (props: DelegationTerminalProps) => ReactNode;
}) {
  const { t } = useTranslation("delegation");
  const position = useDelegationPosition(dao, user);
  if (position.isPending) return <LoadingState label={t("loading")} />;
  if (position.isError)
    return <ErrorState message={position.error.message} onRetry={() => void position.refetch()} />;
  return (
    <div className={styles.page}>
      <Link to={`/dao/${dao}`}>{t("backToDao", { name: position.data.daoName })}</Link>
      {children({ position: position.data, delegatee })}
    </div>
  );
}

/**
 * The DAO, the delegatee and the connected member's position loaded for a delegation terminal: an
 * address that is not one, no wallet, or a delegation to oneself stop here with what is wrong.
 */
export function DelegationLayout({ children }: { children: (props: DelegationTerminalProps) => ReactNode }) {
  const { t } = useTranslation("delegation");
  const { daoAddress, delegatee } = useParams();
  const { address } = useConnection();
  if (!daoAddress || !isAddress(daoAddress)) return <EmptyState title={t("invalidDao")} />;
  if (!delegatee || !isAddress(delegatee)) return <EmptyState title={t("invalidDelegatee")} />;
  if (!address) return <ConnectPrompt title={t("connect")} />;
  if (address.toLowerCase() === delegatee.toLowerCase()) return <EmptyState title={t("self")} />;
  return (
    <Loaded dao={daoAddress} user={address} delegatee={delegatee}>
      {children}
    </Loaded>
  );
}
