import { isBlacklisted } from "@polity/core/tokenLists";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, isAddress } from "viem";
import { useReadClient } from "../chain/readClient.ts";
import { fetchTokenInfos } from "../chain/tokenInfo.ts";
import { updatePreferences } from "../state/preferences.ts";
import { Button } from "../ui/Button.tsx";
import fieldStyles from "../ui/Field.module.css";
import { useTokenList } from "./useTokenList.ts";

interface TokenSuggestionsProps {
  /** The id the field's input names in its `list` attribute. */
  id: string;
  chainId: number;
  /** What the field holds (unknown for a field bound to a form library: no add button then). */
  value: string | undefined;
}

/**
 * What a token field suggests: the chain's merged token list (symbol and name per address), an "add to
 * my tokens" button for a typed token the lists do not know, and a warning for a blacklisted one.
 */
export function TokenSuggestions({ id, chainId, value }: TokenSuggestionsProps) {
  const { t } = useTranslation();
  const { tokens, blacklist } = useTokenList(chainId);
  const client = useReadClient({ chainId });
  const [isAdding, setIsAdding] = useState(false);
  const typed = value?.trim() ?? "";
  const isKnown = tokens.some((token) => token.address === typed.toLowerCase());
  const isBlocked = isAddress(typed) && isBlacklisted(blacklist, chainId, typed);

  async function add() {
    if (!client) return;
    setIsAdding(true);
    try {
      const info = (await fetchTokenInfos(client, chainId, [typed as Address])).get(typed.toLowerCase());
      if (info)
        updatePreferences({
          type: "customTokenAdded",
          token: { chainId, address: typed, name: info.symbol, symbol: info.symbol, decimals: info.decimals },
        });
    } catch (err) {
      console.error("Token metadata failed to load", { token: typed, err });
    } finally {
      setIsAdding(false);
    }
  }

  return (
    <>
      <datalist id={id} data-testid="token-options">
        {tokens.map((token) => (
          <option key={token.address} value={token.address} label={`${token.symbol} · ${token.name}`} />
        ))}
      </datalist>
      {isBlocked ? (
        <p role="alert" className={fieldStyles.error}>
          {t("tokens.blacklisted")}
        </p>
      ) : isAddress(typed) && !isKnown && client ? (
        <Button variant="ghost" size="small" onClick={() => void add()} disabled={isAdding}>
          {t("tokens.addCustom")}
        </Button>
      ) : null}
    </>
  );
}
