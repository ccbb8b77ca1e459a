import { getChain } from "@polity/core/chains";
import { useTranslation } from "react-i18next";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { useProtocol } from "../hooks/useProtocol.ts";

/**
 * The line under the spec's 'A pool with this name already exists.': which name to change and where
 * it is taken (the name is unique per deployer on the wallet's network).
 */
export function NameTakenHint({ name }: { name: string }) {
  const { t } = useTranslation("createPool");
  const { chainId } = useProtocol();
  const network = (() => {
    try {
      return getChain(chainId).name;
    } catch {
      return t("basic.thisNetwork");
    }
  })();
  return (
    <p className={fieldStyles.hint} data-testid="name-taken-hint">
      {t("basic.nameTakenHint", { name, network })}
    </p>
  );
}
