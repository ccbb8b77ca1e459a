import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes, useParams } from "react-router";
import { lazyNamed } from "../../shared/ui/lazyNamed.ts";
import { EmptyState, LoadingState } from "../../shared/ui/StateViews.tsx";
import type { PoolContext } from "./api/poolContext.ts";
import { PoolGate } from "./components/PoolGate.tsx";
import { UnknownType } from "./components/UnknownType.tsx";
import styles from "./createProposal.module.css";
import {
  camel,
  FIRST_CUSTOM_SETTING,
  PROPOSAL_TYPE_ROUTES,
  SETTINGS_SLOTS,
  typeKey,
} from "./proposalTypes.ts";

// Each form loads when its type is chosen: the selector, the first screen, downloads none of the
// forms, their validation schemas and the transaction code.
const TokenTransferForm = lazy(() =>
  import("./forms/TokenTransferForm.tsx").then((m) => ({ default: m.TokenTransferForm })),
);
const TokenDistributionForm = lazy(() =>
  import("./forms/TokenDistributionForm.tsx").then((m) => ({ default: m.TokenDistributionForm })),
);
const DaoSettingsForm = lazy(() =>
  import("./forms/DaoSettingsForm.tsx").then((m) => ({ default: m.DaoSettingsForm })),
);
const ValidatorBalancesForm = lazy(() =>
  import("./forms/AddressListForm.tsx").then((m) => ({ default: m.ValidatorBalancesForm })),
);
const BlacklistForm = lazy(() =>
  import("./forms/AddressListForm.tsx").then((m) => ({ default: m.BlacklistForm })),
);
const MathModelForm = lazy(() =>
  import("./forms/MathModelForm.tsx").then((m) => ({ default: m.MathModelForm })),
);
const WithdrawForm = lazy(() =>
  import("./forms/MathModelForm.tsx").then((m) => ({ default: m.WithdrawForm })),
);
const CustomTypeForm = lazy(() =>
  import("./forms/CustomTypeForm.tsx").then((m) => ({ default: m.CustomTypeForm })),
);
const ChangeVotingSettingsForm = lazy(() =>
  import("./forms/ChangeVotingSettingsForm.tsx").then((m) => ({ default: m.ChangeVotingSettingsForm })),
);
const TokenSaleRecoverForm = lazy(() =>
  import("./forms/TokenSaleRecoverForm.tsx").then((m) => ({ default: m.TokenSaleRecoverForm })),
);
const ExpertBadgeForm = lazy(() =>
  import("./forms/ExpertForms.tsx").then((m) => ({ default: m.ExpertBadgeForm })),
);
const TreasuryDelegationForm = lazy(() =>
  import("./forms/ExpertForms.tsx").then((m) => ({ default: m.TreasuryDelegationForm })),
);
const TokenSaleForm = lazy(() =>
  import("./forms/TokenSaleForm.tsx").then((m) => ({ default: m.TokenSaleForm })),
);
const AnyOtherForm = lazy(() =>
  import("./forms/AnyOtherForm.tsx").then((m) => ({ default: m.AnyOtherForm })),
);

const EnableStakingForm = lazy(() =>
  import("./forms/StakingForms.tsx").then((m) => ({ default: m.EnableStakingForm })),
);
const CreateStakingTierForm = lazy(() =>
  import("./forms/StakingForms.tsx").then((m) => ({ default: m.CreateStakingTierForm })),
);
const StakingRecoverForm = lazy(() =>
  import("./forms/StakingForms.tsx").then((m) => ({ default: m.StakingRecoverForm })),
);

const RewardMultiplierForm = lazyNamed(
  () => import("./forms/RewardMultiplierForm.tsx"),
  "RewardMultiplierForm",
);

const ValidatorsAllocationForm = lazy(() =>
  import("./forms/ValidatorsAllocationForm.tsx").then((m) => ({ default: m.ValidatorsAllocationForm })),
);

function TypeSelector({ ctx }: { ctx: PoolContext }) {
  const { t } = useTranslation("createProposal");
  return (
    <section className={styles.card}>
      <h1>{t("selector.title", { name: ctx.name })}</h1>
      <p className={styles.muted}>{t("selector.intro")}</p>
      <div className={styles.grid}>
        {PROPOSAL_TYPE_ROUTES.filter(
          (r) => (r !== "validator-settings" && r !== "validators-allocation") || ctx.hasValidators,
        ).map((route) => (
          <Link key={route} className={styles.typeCard} to={route}>
            <strong>{t(`types.${typeKey(route)}.title`)}</strong>
            <span className={styles.muted}>{t(`types.${typeKey(route)}.description`)}</span>
          </Link>
        ))}
      </div>
      {ctx.user?.isValidator ? (
        <Link to={`/dao/${ctx.pool}/create-validator-proposal`}>{t("selector.validatorProposals")}</Link>
      ) : null}
      <Link to={`/dao/${ctx.pool}/create-offchain`}>{t("selector.offchain")}</Link>
    </section>
  );
}

function SlotSelector({ ctx }: { ctx: PoolContext }) {
  const { t } = useTranslation("createProposal");
  return (
    <section className={styles.card}>
      <h1>{t("types.changeVotingSettings.title")}</h1>
      <div className={styles.grid}>
        {Object.entries(SETTINGS_SLOTS).map(([route, id]) => (
          <Link key={route} className={styles.typeCard} to={route}>
            <strong>{t(`settings.slots.${camel(route)}`)}</strong>
            <span className={styles.muted}>#{id}</span>
          </Link>
        ))}
        {ctx.proposalSettings.map((s, id) =>
          id >= FIRST_CUSTOM_SETTING ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the settings slot id
            <Link key={id} className={styles.typeCard} to={`custom/${id}`}>
              <strong>{s.executorDescription || t("custom.unnamed")}</strong>
              <span className={styles.muted}>#{id}</span>
            </Link>
          ) : null,
        )}
      </div>
    </section>
  );
}

function CustomSlotRoute({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const { settingId = "" } = useParams();
  const id = Number(settingId);
  if (!Number.isInteger(id) || id < 5 || !ctx.proposalSettings[id])
    return <EmptyState title={t("settings.unknownSlot", { id: settingId })} />;
  return <ChangeVotingSettingsForm key={id} ctx={ctx} chainId={chainId} settingId={id} />;
}

function AnyOtherChooser({ ctx }: { ctx: PoolContext }) {
  const { t } = useTranslation("createProposal");
  return (
    <section className={styles.card}>
      <h1>{t("types.anyOther.title")}</h1>
      <div className={styles.grid}>
        <Link className={styles.typeCard} to={`/dao/${ctx.pool}/create-proposal/any-other/abi`}>
          <strong>{t("anyOther.abiMode")}</strong>
          <span className={styles.muted}>{t("anyOther.abiModeHint")}</span>
        </Link>
        <Link className={styles.typeCard} to={`/dao/${ctx.pool}/create-proposal/any-other/manual`}>
          <strong>{t("anyOther.manualMode")}</strong>
          <span className={styles.muted}>{t("anyOther.manualModeHint")}</span>
        </Link>
      </div>
    </section>
  );
}

/** `/dao/:daoAddress/create-proposal/*`: the type selector and every on-chain proposal form. */
export default function CreateProposalRoute() {
  const { t } = useTranslation("createProposal");
  // While a form's code downloads the page keeps a heading.
  const loadingForm = (
    <>
      <h1>{t("gate.title")}</h1>
      <LoadingState />
    </>
  );
  return (
    <PoolGate>
      {(ctx, chainId) => (
        <Suspense fallback={loadingForm}>
          <Routes>
            <Route index element={<TypeSelector ctx={ctx} />} />
            <Route path="token-transfer" element={<TokenTransferForm ctx={ctx} chainId={chainId} />} />
            <Route
              path="apply-to-dao"
              element={<TokenTransferForm ctx={ctx} chainId={chainId} variant="applyToDao" />}
            />
            <Route
              path="token-distribution"
              element={<TokenDistributionForm ctx={ctx} chainId={chainId} />}
            />
            <Route path="change-dao-settings" element={<DaoSettingsForm ctx={ctx} chainId={chainId} />} />
            <Route
              path="validator-settings"
              element={<ValidatorBalancesForm ctx={ctx} chainId={chainId} />}
            />
            <Route path="blacklist-management" element={<BlacklistForm ctx={ctx} chainId={chainId} />} />
            <Route path="math-model" element={<MathModelForm ctx={ctx} chainId={chainId} />} />
            <Route path="withdraw" element={<WithdrawForm ctx={ctx} chainId={chainId} />} />
            <Route path="custom" element={<CustomTypeForm ctx={ctx} chainId={chainId} />} />
            <Route path="expert/:type" element={<ExpertBadgeForm key="mint" ctx={ctx} chainId={chainId} />} />
            <Route
              path="remove-expert/:type"
              element={<ExpertBadgeForm key="burn" ctx={ctx} chainId={chainId} isRemoval />}
            />
            <Route
              path="tokens/:type/:expert"
              element={<TreasuryDelegationForm ctx={ctx} chainId={chainId} />}
            />
            <Route
              path="validators-allocation"
              element={<ValidatorsAllocationForm ctx={ctx} chainId={chainId} />}
            />
            <Route path="enable-staking" element={<EnableStakingForm ctx={ctx} chainId={chainId} />} />
            <Route
              path="create-staking-tier"
              element={<CreateStakingTierForm ctx={ctx} chainId={chainId} />}
            />
            <Route
              path="staking-recover/:tierId"
              element={<StakingRecoverForm ctx={ctx} chainId={chainId} />}
            />
            <Route path="reward-multiplier" element={<RewardMultiplierForm ctx={ctx} chainId={chainId} />} />
            <Route path="change-voting-settings" element={<SlotSelector ctx={ctx} />} />
            {Object.entries(SETTINGS_SLOTS).map(([route, id]) => (
              <Route
                key={route}
                path={`change-voting-settings/${route}`}
                element={<ChangeVotingSettingsForm key={id} ctx={ctx} chainId={chainId} settingId={id} />}
              />
            ))}
            <Route
              path="change-voting-settings/custom/:settingId"
              element={<CustomSlotRoute ctx={ctx} chainId={chainId} />}
            />
            <Route path="any-other" element={<AnyOtherChooser ctx={ctx} />} />
            <Route
              path="any-other/abi"
              element={<AnyOtherForm key="abi" ctx={ctx} chainId={chainId} mode="abi" />}
            />
            <Route
              path="any-other/manual"
              element={<AnyOtherForm key="manual" ctx={ctx} chainId={chainId} mode="manual" />}
            />
            <Route path="token-sale/*" element={<TokenSaleForm ctx={ctx} chainId={chainId} />} />
            <Route
              path="token-sale-recover/:tierId"
              element={<TokenSaleRecoverForm ctx={ctx} chainId={chainId} />}
            />
            <Route path="*" element={<UnknownType />} />
          </Routes>
        </Suspense>
      )}
    </PoolGate>
  );
}
