import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * A page under a DAO in any state (no wallet, loading, failed, nothing to show, loaded): the way back
 * to the DAO and the page's one heading, so no state is a dead end. The link reads `backToDao` (with
 * the DAO's name, once known) or `backToTheDao` from the page's i18n `namespace`.
 */
export function DaoSubpage({
  dao,
  daoName,
  namespace,
  title,
  className,
  children,
}: {
  dao: string;
  daoName?: string | undefined;
  namespace: string;
  /** The page's heading while it shows a state; a loaded page may bring its own. */
  title?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  return (
    <div className={className}>
      <Link to={`/dao/${dao}`} data-testid="back-to-dao">
        {daoName ? t("backToDao", { name: daoName }) : t("backToTheDao")}
      </Link>
      {title ? <h1>{title}</h1> : null}
      {children}
    </div>
  );
}
