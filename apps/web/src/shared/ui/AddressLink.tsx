import { explorerLink } from "@polity/core/chains";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress } from "../format/shortAddress.ts";
import { Icon } from "./icons.tsx";

/**
 * An address as people read it: its name or short form (the whole address on hover), a link to the
 * chain's explorer where it has one and, with `canCopy`, a button that copies the whole address.
 */
export function AddressLink({
  chainId,
  address,
  label,
  canCopy = false,
}: {
  chainId: number;
  address: string;
  label?: string;
  canCopy?: boolean;
}) {
  const { t } = useTranslation("common");
  const [isCopied, setIsCopied] = useState(false);
  const href = explorerLink(chainId, "address", address);
  const text = label ?? shortAddress(address);
  const shown = href ? (
    <a href={href} target="_blank" rel="noreferrer" className="mono" title={address}>
      {text}
    </a>
  ) : (
    <span className="mono" title={address}>
      {text}
    </span>
  );
  if (!canCopy) return shown;
  return (
    <span className="address">
      {shown}
      <button
        type="button"
        className="icon-button"
        aria-label={isCopied ? t("address.copied") : t("address.copy", { address })}
        title={isCopied ? t("address.copied") : t("address.copyTitle")}
        onClick={() => {
          void navigator.clipboard?.writeText(address).then(() => setIsCopied(true));
        }}
      >
        <Icon name={isCopied ? "check" : "copy"} size={14} />
      </button>
    </span>
  );
}
