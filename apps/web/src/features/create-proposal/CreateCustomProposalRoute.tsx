import { useTranslation } from "react-i18next";
import { Link, Navigate, Route, Routes, useParams } from "react-router";
import { EmptyState } from "../../shared/ui/StateViews.tsx";
import type { PoolContext } from "./api/poolContext.ts";
import { PoolGate } from "./components/PoolGate.tsx";
import { UnknownType } from "./components/UnknownType.tsx";
import styles from "./createProposal.module.css";
import { AnyOtherForm } from "./forms/AnyOtherForm.tsx";
import { FIRST_CUSTOM_SETTING } from "./proposalTypes.ts";

function CustomProposal({
  ctx,
  chainId,
  mode,
}: {
  ctx: PoolContext;
  chainId: number;
  mode: "abi" | "manual" | null;
}) {
  const { t } = useTranslation("createProposal");
  const { settingId = "" } = useParams();
  const id = Number(settingId);
  if (!/^\d+$/.test(settingId) || !ctx.proposalSettings[id])
    return <EmptyState title={t("settings.unknownSlot", { id: settingId })} />;
  if (mode === null) return <Navigate to="abi" replace />;
  return <AnyOtherForm key={`${id}-${mode}`} ctx={ctx} chainId={chainId} mode={mode} settingId={id} />;
}

/** Without a type: the DAO's custom proposal types, each leading to its form, or how to make one. */
function CustomTypeList({ ctx }: { ctx: PoolContext }) {
  const { t } = useTranslation("createProposal");
  const custom = ctx.proposalSettings.flatMap((s, id) => (id >= FIRST_CUSTOM_SETTING ? [{ s, id }] : []));
  return (
    <section className={styles.card}>
      <h1>{t("custom.listTitle", { name: ctx.name })}</h1>
      {custom.length === 0 ? (
        <p className={styles.muted}>{t("custom.none")}</p>
      ) : (
        <ul className={styles.list} data-testid="custom-types">
          {custom.map(({ s, id }) => (
            <li key={id} className={styles.row}>
              <Link to={String(id)}>
                #{id} {s.executorDescription || t("custom.unnamed")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={`/dao/${ctx.pool}/create-proposal/custom`}>{t("custom.createType")}</Link>
    </section>
  );
}

/** `/dao/:daoAddress/create-custom-proposal/*`: proposals of a custom type ({settingId}, abi/, manual/). */
export default function CreateCustomProposalRoute() {
  return (
    <PoolGate>
      {(ctx, chainId) => (
        <Routes>
          <Route index element={<CustomTypeList ctx={ctx} />} />
          <Route path=":settingId" element={<CustomProposal ctx={ctx} chainId={chainId} mode={null} />} />
          <Route path=":settingId/abi" element={<CustomProposal ctx={ctx} chainId={chainId} mode="abi" />} />
          <Route
            path=":settingId/manual"
            element={<CustomProposal ctx={ctx} chainId={chainId} mode="manual" />}
          />
          <Route path="abi/:settingId" element={<CustomProposal ctx={ctx} chainId={chainId} mode="abi" />} />
          <Route
            path="manual/:settingId"
            element={<CustomProposal ctx={ctx} chainId={chainId} mode="manual" />}
          />
          <Route path="*" element={<UnknownType />} />
        </Routes>
      )}
    </PoolGate>
  );
}
