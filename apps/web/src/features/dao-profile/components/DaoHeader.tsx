import { getChain } from "@polity/core/chains";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useConnection } from "wagmi";
import { ipfsToHttp } from "../../../shared/ipfs/ipfsUrl.ts";
import { useDaoMetadata, useRichText } from "../../../shared/ipfs/useDaoMetadata.ts";
import { AddressLink } from "../../../shared/ui/AddressLink.tsx";
import { DaoAvatar } from "../../../shared/ui/DaoAvatar.tsx";
import { Icon, type IconName } from "../../../shared/ui/icons.tsx";
import { lazyNamed } from "../../../shared/ui/lazyNamed.ts";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import styles from "../DaoProfile.module.css";
import { DaoDescription } from "./DaoDescription.tsx";
import { RichText } from "./RichText.tsx";

const DaoSubscribeLink = lazyNamed(() => import("./DaoSubscribeLink.tsx"), "DaoSubscribeLink");

const SOCIAL_ICONS: Record<string, IconName> = { twitter: "twitter", telegram: "telegram", github: "github" };

function safeUrl(url: string): string | undefined {
  const http = ipfsToHttp(url);
  return http && /^https?:\/\//i.test(http) ? http : undefined;
}

/** The dao-profile pages import it from here. */
export { AddressLink };

/** What the header shows of a DAO. */
export type DaoHeaderProfile = Pick<
  DaoProfile,
  "address" | "chainId" | "name" | "descriptionUrl" | "token" | "nft" | "config"
>;

export function DaoHeader({ profile }: { profile: DaoHeaderProfile }) {
  const { t } = useTranslation("daoProfile");
  const metadata = useDaoMetadata(profile.descriptionUrl || undefined);
  const description = useRichText(metadata.data?.description);
  const meta = metadata.data;
  const site = meta?.websiteUrl ? safeUrl(meta.websiteUrl) : undefined;
  const chainName = getChain(profile.chainId).name;
  // The description and links come from the metadata document: their room is reserved while it
  // loads, and not at all for a DAO without one.
  const hasMetadata = Boolean(profile.descriptionUrl);
  const { isConnected } = useConnection();

  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        <DaoAvatar name={profile.name} avatarUrl={meta?.avatarUrl || undefined} size={72} />
        <div style={{ minWidth: 0 }}>
          <h1 className={styles.title} data-testid="dao-name">
            {profile.name}
          </h1>
          <div className={styles.chips}>
            <span className={styles.chip}>{chainName}</span>
            {profile.token ? (
              <span className={styles.chip}>
                {t("header.token")}: <strong>{profile.token.symbol}</strong>{" "}
                <AddressLink chainId={profile.chainId} address={profile.token.address} />
              </span>
            ) : null}
            {profile.nft ? (
              <span className={styles.chip}>
                {t("header.nft")}: <strong>{profile.nft.symbol || profile.nft.name}</strong>{" "}
                <AddressLink chainId={profile.chainId} address={profile.nft.address} />
              </span>
            ) : null}
            {profile.config.onlyBABTHolders ? (
              <span className={styles.chip}>{t("header.babtOnly")}</span>
            ) : null}
          </div>
        </div>
        <Suspense fallback={null}>{isConnected ? <DaoSubscribeLink dao={profile.address} /> : null}</Suspense>
      </div>

      {hasMetadata ? (
        <DaoDescription>
          {description.data ? (
            <RichText document={description.data} />
          ) : meta?.description && !/^ipfs:\/\//i.test(meta.description) ? (
            <RichText document={meta.description} />
          ) : metadata.isLoading || description.isLoading ? (
            <p className="muted">{t("header.loadingDescription")}</p>
          ) : (
            <p className="muted">{t("header.noDescription")}</p>
          )}
        </DaoDescription>
      ) : null}

      {/* One scrolling row of fixed height, there before the links arrive. */}
      <ul className={styles.links} hidden={!hasMetadata} data-testid="dao-links">
        {site ? (
          <li>
            <a href={site} target="_blank" rel="noreferrer">
              <Icon name="globe" size={16} /> {new URL(site).host}
            </a>
          </li>
        ) : null}
        {(meta?.socialLinks ?? []).map(([kind, url]) => {
          const href = safeUrl(url);
          if (!href) return null;
          return (
            <li key={`${kind}-${url}`}>
              <a
                href={href}
                target="_blank"
                rel="noreferrer"
                aria-label={t(`social.${kind}`, { defaultValue: kind })}
              >
                <Icon name={SOCIAL_ICONS[kind] ?? "link"} size={16} />{" "}
                {t(`social.${kind}`, { defaultValue: kind })}
              </a>
            </li>
          );
        })}
        {(meta?.documents ?? []).map((doc) => {
          const href = safeUrl(doc.url);
          if (!href) return null;
          return (
            <li key={`${doc.name}-${doc.url}`}>
              <a href={href} target="_blank" rel="noreferrer">
                <Icon name="document" size={16} /> {doc.name || t("header.document")}
              </a>
            </li>
          );
        })}
      </ul>
    </header>
  );
}

/**
 * The header while the DAO loads: its heading says so, and the avatar, the chips and the
 * description keep the room the DAO's will take, so nothing below moves when it arrives.
 */
export function DaoHeaderPlaceholder({ chainName }: { chainName: string }) {
  const { t } = useTranslation("daoProfile");
  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        <span className={styles.avatarPlaceholder} />
        <div style={{ minWidth: 0 }}>
          <h1 className={styles.title}>{t("loading")}</h1>
          <div className={styles.chips}>
            <span className={styles.chip}>{chainName}</span>
          </div>
        </div>
      </div>
      <DaoDescription>
        <p className="muted">{t("header.loadingDescription")}</p>
      </DaoDescription>
      <div className={styles.links} />
    </header>
  );
}
