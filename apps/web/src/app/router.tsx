import { lazy } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { AppLayout } from "./AppLayout.tsx";
import { RouteErrorBoundary } from "./RouteError.tsx";

/**
 * Every page is its own chunk (React.lazy), so the first route downloads only what it shows.
 * Declarative routes: the app uses no loaders or actions, and this router is half the size of
 * the data router in the first download.
 */
const DaoListPage = lazy(() => import("../features/dao-list/DaoListPage.tsx"));
const CreatePoolRoute = lazy(() => import("../features/create-pool/CreatePoolRoute.tsx"));
const StakingSection = lazy(() => import("../features/staking/StakingSection.tsx"));
/** The sections other features add to the DAO profile (the shell composes features). */
const profileSections = [{ segment: "staking", key: "staking", Section: StakingSection }];
const DaoProfilePage = lazy(() =>
  import("../features/dao-profile/DaoProfileRoute.tsx").then(({ default: DaoProfileRoute }) => ({
    default: () => <DaoProfileRoute sections={profileSections} />,
  })),
);
const ProposalDetailsRoute = lazy(() => import("../features/proposal-details/ProposalDetailsRoute.tsx"));
const VoteRoute = lazy(() => import("../features/proposal-details/VoteRoute.tsx"));
const ValidatorsVoteRoute = lazy(() => import("../features/proposal-details/ValidatorsVoteRoute.tsx"));
const DepositRoute = lazy(() => import("../features/assets/DepositRoute.tsx"));
const WithdrawRoute = lazy(() => import("../features/assets/WithdrawRoute.tsx"));
const DepositTreasuryRoute = lazy(() => import("../features/assets/DepositTreasuryRoute.tsx"));
const DelegationRoute = lazy(() => import("../features/delegation/DelegationRoute.tsx"));
const ClaimRoute = lazy(() => import("../features/rewards/ClaimRoute.tsx"));
const CreateProposalRoute = lazy(() => import("../features/create-proposal/CreateProposalRoute.tsx"));
const CreateCustomProposalRoute = lazy(
  () => import("../features/create-proposal/CreateCustomProposalRoute.tsx"),
);
const CreateValidatorProposalRoute = lazy(
  () => import("../features/create-proposal/CreateValidatorProposalRoute.tsx"),
);
const TokenPurchaseRoute = lazy(() => import("../features/token-sale/TokenPurchaseRoute.tsx"));
const OffchainRoute = lazy(() => import("../features/offchain/OffchainRoute.tsx"));
const NotificationsRoute = lazy(() => import("../features/notifications/NotificationsRoute.tsx"));
const PrivacyPolicyPage = lazy(() => import("../features/legal/PrivacyPolicyPage.tsx"));
const ServiceTermsPage = lazy(() => import("../features/legal/ServiceTermsPage.tsx"));
const IconsPage = lazy(() => import("../features/icons/IconsPage.tsx"));
const NotWhitelistedPage = lazy(() => import("../features/not-whitelisted/NotWhitelistedPage.tsx"));
const ProfileRoute = lazy(() => import("../features/profile/ProfileRoute.tsx"));
const EditProfileRoute = lazy(() => import("../features/profile/EditProfileRoute.tsx"));
const NotFoundPage = lazy(() => import("../features/not-found/NotFoundPage.tsx"));

export const pageRoutes: { path: string; Page: React.ComponentType }[] = [
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
