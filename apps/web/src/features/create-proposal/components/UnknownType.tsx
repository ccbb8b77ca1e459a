import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";

export function UnknownType() {
  const { t } = useTranslation("createProposal");
  return <EmptyState title={t("selector.unknownType")} />;
}
