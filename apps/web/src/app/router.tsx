import { type ComponentType, lazy, useState } from "react";
import { BrowserRouter, matchRoutes, Route, Routes } from "react-router";
import { AppLayout } from "./AppLayout.tsx";
import { RouteErrorBoundary } from "./RouteError.tsx";

type PageComponent = ComponentType & { preload: () => Promise<void> };

/**
 * A page loaded on demand (React.lazy) that can also be loaded before it renders: the page the URL
 * opens is loaded before the app's first render, which then shows it at once rather than a loading
 * state first (and React's wait before revealing what replaces a loading state).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): PageComponent {
  let loaded: ComponentType | undefined;
  const remember = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(remember);
  function Page() {
    // Chosen once per mount, so a page whose code arrives while it is shown is not mounted again.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = () => remember().then(() => undefined);
  return Page;
}

/**
 * Every page is its own chunk (lazyPage), so the first route downloads only what it shows.
 * Declarative routes: the app uses no loaders or actions, and this router is half the size of
 * the data router in the first download.
 */
const DaoListPage = lazyPage(() => import("../features/dao-list/DaoListPage.tsx"));
const CreatePoolRoute = lazyPage(() => import("../features/create-pool/CreatePoolRoute.tsx"));
const StakingSection = lazy(() => import("../features/staking/StakingSection.tsx"));
/** The sections other features add to the DAO profile (the shell composes features). */
const profileSections = [{ segment: "staking", key: "staking", Section: StakingSection }];
const DaoProfilePage = lazyPage(() =>
  import("../features/dao-profile/DaoProfileRoute.tsx").then(({ default: DaoProfileRoute }) => ({
    default: () => <DaoProfileRoute sections={profileSections} />,
  })),
);
const ProposalDetailsRoute = lazyPage(() => import("../features/proposal-details/ProposalDetailsRoute.tsx"));
const VoteRoute = lazyPage(() => import("../features/proposal-details/VoteRoute.tsx"));
const ValidatorsVoteRoute = lazyPage(() => import("../features/proposal-details/ValidatorsVoteRoute.tsx"));
const DepositRoute = lazyPage(() => import("../features/assets/DepositRoute.tsx"));
const WithdrawRoute = lazyPage(() => import("../features/assets/WithdrawRoute.tsx"));
const DepositTreasuryRoute = lazyPage(() => import("../features/assets/DepositTreasuryRoute.tsx"));
const DelegationRoute = lazyPage(() => import("../features/delegation/DelegationRoute.tsx"));
const ClaimRoute = lazyPage(() => import("../features/rewards/ClaimRoute.tsx"));
const CreateProposalRoute = lazyPage(() => import("../features/create-proposal/CreateProposalRoute.tsx"));
const CreateCustomProposalRoute = lazyPage(
  () => import("../features/create-proposal/CreateCustomProposalRoute.tsx"),
);
const CreateValidatorProposalRoute = lazyPage(
  () => import("../features/create-proposal/CreateValidatorProposalRoute.tsx"),
);
const TokenPurchaseRoute = lazyPage(() => import("../features/token-sale/TokenPurchaseRoute.tsx"));
const OffchainRoute = lazyPage(() => import("../features/offchain/OffchainRoute.tsx"));
const NotificationsRoute = lazyPage(() => import("../features/notifications/NotificationsRoute.tsx"));
const PrivacyPolicyPage = lazyPage(() => import("../features/legal/PrivacyPolicyPage.tsx"));
const ServiceTermsPage = lazyPage(() => import("../features/legal/ServiceTermsPage.tsx"));
const IconsPage = lazyPage(() => import("../features/icons/IconsPage.tsx"));
const NotWhitelistedPage = lazyPage(() => import("../features/not-whitelisted/NotWhitelistedPage.tsx"));
const ProfileRoute = lazyPage(() => import("../features/profile/ProfileRoute.tsx"));
const EditProfileRoute = lazyPage(() => import("../features/profile/EditProfileRoute.tsx"));
const NotFoundPage = lazyPage(() => import("../features/not-found/NotFoundPage.tsx"));

export const pageRoutes: { path: string; Page: PageComponent }[] = [
  { path: "/voting-power", Page: DaoListPage },
  { path: "/my-activity", Page: DaoListPage },
  { path: "/create-pool/*", Page: CreatePoolRoute },
  { path: "/dao/:daoAddress/*", Page: DaoProfilePage },
  { path: "/dao/:daoAddress/proposals/:proposalId/*", Page: ProposalDetailsRoute },
  { path: "/dao/:daoAddress/vote/:proposalId", Page: VoteRoute },
  { path: "/dao/:daoAddress/validators-vote/:proposalId", Page: ValidatorsVoteRoute },
  { path: "/dao/:daoAddress/deposit", Page: DepositRoute },
  { path: "/dao/:daoAddress/withdraw", Page: WithdrawRoute },
  { path: "/dao/:daoAddress/deposit-treasury/*", Page: DepositTreasuryRoute },
  { path: "/dao/:daoAddress/delegate/:delegatee/:type", Page: DelegationRoute },
  { path: "/dao/:daoAddress/undelegate/:delegatee", Page: DelegationRoute },
  { path: "/dao/:daoAddress/claim/*", Page: ClaimRoute },
  { path: "/dao/:daoAddress/create-proposal/*", Page: CreateProposalRoute },
  { path: "/dao/:daoAddress/create-custom-proposal/*", Page: CreateCustomProposalRoute },
  { path: "/dao/:daoAddress/create-validator-proposal/*", Page: CreateValidatorProposalRoute },
  { path: "/dao/:daoAddress/create-offchain/*", Page: OffchainRoute },
  { path: "/dao/:daoAddress/dao-token-sales/:tierId/token-purchase/*", Page: TokenPurchaseRoute },
  { path: "/notifications/*", Page: NotificationsRoute },
  { path: "/profile/edit/*", Page: EditProfileRoute },
  { path: "/profile/:address/*", Page: ProfileRoute },
  { path: "/privacy-policy", Page: PrivacyPolicyPage },
  { path: "/service-terms", Page: ServiceTermsPage },
  { path: "/icons", Page: IconsPage },
  { path: "/not-whitelisted", Page: NotWhitelistedPage },
  { path: "*", Page: NotFoundPage },
];

const ROOT = "/";

/** Loads the page `pathname` opens, as the routes below match it, so the first render can show it. */
export function preloadPage(pathname: string): Promise<void> {
  const routes = [{ path: ROOT, children: [{ index: true, Page: DaoListPage }, ...pageRoutes] }];
  const page = (matchRoutes(routes, pathname)?.at(-1)?.route as { Page?: PageComponent } | undefined)?.Page;
  return page ? page.preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route path="/" element={<AppLayout />}>
          <Route index element={<DaoListPage />} />
          {pageRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
