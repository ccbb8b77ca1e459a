import { formatUsd } from "@polity/core/format/number";
import type { WalletBalanceRecord } from "@polity/core/records/proxyCache";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { tokenAmount } from "../format/tokenAmount.ts";
import styles from "./DataTable.module.css";

interface TokenBalancesTableProps {
  /** Token balance rows (spec section 3), already narrowed to balances above zero. */
  rows: WalletBalanceRecord[];
  labels: { token: string; balance: string; price: string; value: string };
  /** Shown under a token's name (its explorer link, say). */
  tokenExtra?: (row: WalletBalanceRecord) => ReactNode;
  rowTestId?: string;
}

/**
 * Token balances with price and value, by the spec's display rules: '<$0.01' for a priced token
 * worth less than a cent, 'N/A' without a price. A treasury's and a wallet's balances read alike.
 */
export function TokenBalancesTable({ rows, labels, tokenExtra, rowTestId }: TokenBalancesTableProps) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{labels.token}</th>
            <th scope="col" className={styles.num}>
              {labels.balance}
            </th>
            <th scope="col" className={styles.num}>
              {labels.price}
            </th>
            <th scope="col" className={styles.num}>
              {labels.value}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const amount = { value: BigInt(row.balance), decimals: row.decimals };
            return (
              <tr key={row.token_address} data-testid={rowTestId}>
                <td>
                  <strong>{row.symbol}</strong> <span className="muted">{row.name}</span>
                  {tokenExtra ? (
                    <>
                      <br />
                      {tokenExtra(row)}
                    </>
                  ) : null}
                </td>
                <td className={styles.num}>{tokenAmount(amount.value, row)}</td>
                <td className={styles.num}>{formatUsd(row.price_usd)}</td>
                <td className={styles.num}>{formatUsd(row.balance_usd, { tokenAmount: amount })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The column headers of the table from the translation group `group` of `t`'s namespace: its
 * `token`, `balance`, `price` and `value` keys (a wallet's `portfolio`, a treasury's `treasury`).
 */
export function balanceLabels(t: TFunction, group: string): TokenBalancesTableProps["labels"] {
  return {
    token: t(`${group}.token`),
    balance: t(`${group}.balance`),
    price: t(`${group}.price`),
    value: t(`${group}.value`),
  };
}

/** The total USD value of balance rows. */
export function totalUsd(rows: WalletBalanceRecord[]): string {
  return formatUsd(String(rows.reduce((sum, row) => sum + Number(row.balance_usd || 0), 0)));
}
