import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Route, Routes, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { shortAddress } from "../../shared/format/shortAddress.ts";
import { ipfsToHttp } from "../../shared/ipfs/ipfsUrl.ts";
import { profileQuery } from "../../shared/profile/profileApi.ts";
import { buttonClassName } from "../../shared/ui/Button.tsx";
import { DaoAvatar } from "../../shared/ui/DaoAvatar.tsx";
import { EmptyState } from "../../shared/ui/StateViews.tsx";
import tabStyles from "../../shared/ui/Tabs.module.css";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { linkedProfileQuery, profileLinkQuery } from "./api/profileLink.ts";
import styles from "./Profile.module.css";
import { OverviewPage } from "./pages/OverviewPage.tsx";
import { PortfolioPage } from "./pages/PortfolioPage.tsx";

/** `/profile/{address}/*`: who the address is, then its overview (DAOs, power, activity) or its balances. */
export default function ProfileRoute() {
  const { t } = useTranslation("profile");
  const { address: param = "" } = useParams();
  const { address: connected } = useConnection();
  if (!isAddress(param, { strict: false })) return <EmptyState title={t("invalidAddress")} />;
  const address = param.toLowerCase() as Address;
  const isOwn = connected?.toLowerCase() === address;
  const base = `/profile/${address}`;
  const tabs = [
    { to: base, label: t("tabs.overview"), end: true },
    { to: `${base}/portfolio`, label: isOwn ? t("tabs.myBalance") : t("tabs.userBalance"), end: false },
  ];
  return (
    <div className={styles.page}>
      <ProfileHeader address={address} isOwn={isOwn} />
      <nav className={styles.tabs} aria-label={t("tabs.label")}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => `${styles.tab} ${isActive ? tabStyles.activeTab : ""}`}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<OverviewPage address={address} />} />
        <Route path="overview" element={<OverviewPage address={address} />} />
        <Route path="portfolio" element={<PortfolioPage address={address} />} />
        <Route path="*" element={<OverviewPage address={address} />} />
      </Routes>
    </div>
  );
}

function ProfileHeader({ address, isOwn }: { address: Address; isOwn: boolean }) {
  const { t } = useTranslation("profile");
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const saved = useQuery(profileQuery(address));
  // The link the UserRegistry keeps; its document stands in when the api has no profile of the address.
  const link = useQuery(profileLinkQuery(client, chainId, address)).data || undefined;
  const linked = useQuery({
    ...linkedProfileQuery(link),
    enabled: saved.isSuccess && !saved.data.updated_at,
  });
  const fromChain = linked.data?.address.toLowerCase() === address ? linked.data : undefined;
  const profile = saved.data?.updated_at ? saved.data : (fromChain ?? saved.data);
  const name = profile?.name || shortAddress(address);
  return (
    <header className={styles.header}>
      <DaoAvatar name={name} descriptionUrl="" avatarUrl={profile?.avatar_url || undefined} size={72} />
      <div className={styles.identity}>
        <h1 data-testid="profile-name">{name}</h1>
        <span className={`${styles.address} muted`}>{address}</span>
        {profile?.bio ? <p className={styles.bio}>{profile.bio}</p> : null}
        {profile?.social_links.length ? (
          <ul className={styles.links}>
            {profile.social_links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noreferrer noopener">
                  {t(`socialKinds.${link.kind}`)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {link ? (
          <p className={`${styles.chainLink} muted`}>
            {t("chainLink")}{" "}
            <a
              href={ipfsToHttp(link)}
              target="_blank"
              rel="noreferrer noopener"
              data-testid="profile-chain-link"
            >
              {link}
            </a>
          </p>
        ) : null}
      </div>
      {isOwn ? (
        <Link to="/profile/edit" className={buttonClassName("secondary")}>
          {t("edit")}
        </Link>
      ) : null}
    </header>
  );
}
