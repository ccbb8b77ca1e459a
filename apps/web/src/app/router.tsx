import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./AppLayout.tsx";
import { RouteError } from "./RouteError.tsx";

/** Each page is its own chunk: the first route downloads only what it shows. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import("../features/dao-list/DaoListPage.tsx")) },
      { path: "/voting-power", ...page(() => import("../features/dao-list/DaoListPage.tsx")) },
      { path: "/my-activity", ...page(() => import("../features/dao-list/DaoListPage.tsx")) },
      { path: "/create-pool/*", ...page(() => import("../features/create-pool/CreatePoolRoute.tsx")) },
      { path: "/dao/:daoAddress/*", ...page(() => import("../features/dao-profile/DaoProfileRoute.tsx")) },
      {
        path: "/dao/:daoAddress/proposals/:proposalId/*",
        ...page(() => import("../features/proposal-details/ProposalDetailsRoute.tsx")),
      },
      {
        path: "/dao/:daoAddress/vote/:proposalId",
        ...page(() => import("../features/proposal-details/VoteRoute.tsx")),
      },
      {
        path: "/dao/:daoAddress/validators-vote/:proposalId",
        ...page(() => import("../features/proposal-details/ValidatorsVoteRoute.tsx")),
      },
      { path: "/dao/:daoAddress/deposit", ...page(() => import("../features/assets/DepositRoute.tsx")) },
      { path: "/dao/:daoAddress/withdraw", ...page(() => import("../features/assets/WithdrawRoute.tsx")) },
      {
        path: "/dao/:daoAddress/deposit-treasury/*",
        ...page(() => import("../features/assets/DepositTreasuryRoute.tsx")),
      },
      { path: "/dao/:daoAddress/claim/*", ...page(() => import("../features/rewards/ClaimRoute.tsx")) },
      {
        path: "/dao/:daoAddress/create-proposal/*",
        ...page(() => import("../features/create-proposal/CreateProposalRoute.tsx")),
      },
      {
        path: "/dao/:daoAddress/create-custom-proposal/*",
        ...page(() => import("../features/create-proposal/CreateCustomProposalRoute.tsx")),
      },
      {
        path: "/dao/:daoAddress/create-validator-proposal/*",
        ...page(() => import("../features/create-proposal/CreateValidatorProposalRoute.tsx")),
      },
      {
        path: "/dao/:daoAddress/create-offchain/*",
        ...page(() => import("../features/offchain/OffchainRoute.tsx")),
      },
      { path: "/privacy-policy", ...page(() => import("../features/legal/PrivacyPolicyPage.tsx")) },
      { path: "/service-terms", ...page(() => import("../features/legal/ServiceTermsPage.tsx")) },
      { path: "/icons", ...page(() => import("../features/icons/IconsPage.tsx")) },
      {
        path: "/not-whitelisted",
        ...page(() => import("../features/not-whitelisted/NotWhitelistedPage.tsx")),
      },
      { path: "*", ...page(() => import("../features/not-found/NotFoundPage.tsx")) },
    ],
  },
];

export const router = createBrowserRouter(routes);
