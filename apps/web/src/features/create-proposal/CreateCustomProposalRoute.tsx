import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useParams } from "react-router";
import { EmptyState } from "../../shared/ui/StateViews.tsx";
import type { PoolContext } from "./api/poolContext.ts";
import { PoolGate } from "./components/PoolGate.tsx";
import { UnknownType } from "./components/UnknownType.tsx";
import { AnyOtherForm } from "./forms/AnyOtherForm.tsx";

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

/** `/dao/:daoAddress/create-custom-proposal/*`: proposals of a custom type ({settingId}, abi/, manual/). */
export default function CreateCustomProposalRoute() {
  return (
    <PoolGate>
      {(ctx, chainId) => (
        <Routes>
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
