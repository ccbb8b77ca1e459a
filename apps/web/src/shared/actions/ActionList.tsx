import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { shortAddress } from "../format/shortAddress.ts";
import { AddressLink } from "../ui/AddressLink.tsx";
import dataStyles from "../ui/Data.module.css";
import styles from "./Actions.module.css";
import { type DecodedArgument, type KnownContract, knownAt, tokenAmountText } from "./decodeAction.ts";
import type { ActionsReview } from "./reviewActions.ts";
import { type BalanceChange, type ExecutionSimulation, treasuryOutflows } from "./simulateExecution.ts";

export interface ActionListContext {
  chainId: number;
  daoName: string;
  /** The chain's coin, for the value an action sends. */
  native: { symbol: string; decimals: number };
}

/** The name of a contract the DAO knows ("Acme treasury (this DAO)", "ACME token"), or undefined. */
export function contractName(
  t: TFunction,
  known: readonly KnownContract[],
  address: string,
  daoName: string,
) {
  const contract = knownAt(known, address);
  return contract
    ? t(`decodedActions:role.${contract.role}`, { dao: daoName, symbol: contract.token?.symbol ?? "" })
    : undefined;
}

function Argument({
  arg,
  known,
  context,
}: {
  arg: DecodedArgument;
  known: readonly KnownContract[];
  context: ActionListContext;
}) {
  const { t } = useTranslation("decodedActions");
  if (arg.kind === "address") {
    const name = contractName(t, known, arg.address, context.daoName);
    return (
      <>
        {name ? `${name} ` : null}
        <AddressLink chainId={context.chainId} address={arg.address} canCopy />
      </>
    );
  }
  if (arg.kind === "amount") return <span title={arg.exact}>{arg.display}</span>;
  return <span className="mono">{arg.display}</span>;
}

/**
 * A proposal's actions for a person: whom each calls (named when the DAO knows it), the function and
 * its named arguments (token amounts with decimals and symbol, addresses named, with copy and an
 * explorer link), the value it sends, and the raw call only when nothing decodes it.
 */
export function ActionList({ review, context }: { review: ActionsReview; context: ActionListContext }) {
  const { t } = useTranslation("decodedActions");
  return (
    <ol className={styles.list} data-testid="decoded-actions">
      {review.items.map((item, index) => {
        const { action, decoded, simulation } = item;
        const target = contractName(t, review.known, action.executor, context.daoName);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: actions are fixed at creation and run in this order
          <li key={index} className={styles.action} data-testid="decoded-action">
            <strong>
              {t("action", { index: index + 1 })}: {target ?? t("otherContract")}{" "}
              <AddressLink chainId={context.chainId} address={action.executor} canCopy />
            </strong>
            <div>
              {t("function")}: <span className="mono">{decoded.functionName ?? t("undecoded")}</span>
            </div>
            {decoded.args.length > 0 ? (
              <dl className={styles.args}>
                {decoded.args.map((arg, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: arguments are positional
                  <div key={i} style={{ display: "contents" }}>
                    <dt className="muted">{arg.name}</dt>
                    <dd>
                      <Argument arg={arg} known={review.known} context={context} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {action.value > 0n ? (
              <div>{t("sends", { amount: tokenAmountText(action.value, context.native).display })}</div>
            ) : null}
            {decoded.functionName === null && action.data !== "0x" ? (
              <details>
                <summary>{t("rawData")}</summary>
                <span className="mono">{action.data}</span>
              </details>
            ) : null}
            {simulation ? (
              simulation.ok ? (
                <div className={styles.ok}>{t("alone.ok")}</div>
              ) : (
                <div className={styles.fail} role="alert">
                  {t("alone.reverted", { reason: simulation.reason })}
                </div>
              )
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function changeText(change: BalanceChange, kind: "before" | "after" | "change"): string {
  const value =
    kind === "change" ? change.after - change.before : kind === "before" ? change.before : change.after;
  const abs = value < 0n ? -value : value;
  const text = tokenAmountText(abs, change.asset).display;
  if (kind !== "change") return text;
  return value < 0n ? `−${text}` : `+${text}`;
}

/**
 * What executing the proposal would do to balances now: one sentence per token the treasury sends, and
 * every balance that changes, before and after.
 */
export function ExecutionSummary({
  execution,
  known,
  pool,
  context,
}: {
  execution: ExecutionSimulation;
  known: readonly KnownContract[];
  pool: Address;
  context: ActionListContext;
}) {
  const { t } = useTranslation("decodedActions");
  if (execution.status === "unavailable") return <p className="muted">{t("execution.unavailable")}</p>;
  if (execution.status === "reverted") {
    return (
      <p className={styles.fail} role="alert" data-testid="execution-reverted">
        {t("execution.reverted", { index: execution.index + 1, reason: execution.reason })}
      </p>
    );
  }
  if (execution.changes.length === 0) return <p className="muted">{t("execution.none")}</p>;
  const name = (address: Address) =>
    contractName(t, known, address, context.daoName) ?? shortAddress(address);
  return (
    <div data-testid="execution-changes">
      {treasuryOutflows(execution.changes, pool).map((outflow) => {
        const amount = tokenAmountText(outflow.amount, outflow.asset).display;
        return (
          <p key={outflow.asset.address ?? "native"} data-testid="treasury-outflow">
            {outflow.recipients.length > 0
              ? t("execution.sends", { amount, recipients: outflow.recipients.map(name).join(", ") })
              : t("execution.sendsAway", { amount })}
          </p>
        );
      })}
      <div className={styles.tableWrap}>
        <table className={dataStyles.table}>
          <thead>
            <tr>
              <th scope="col">{t("execution.account")}</th>
              <th scope="col">{t("execution.before")}</th>
              <th scope="col">{t("execution.after")}</th>
              <th scope="col">{t("execution.change")}</th>
            </tr>
          </thead>
          <tbody>
            {execution.changes.map((change) => (
              <tr key={`${change.holder}-${change.asset.address ?? "native"}`} data-testid="balance-change">
                <td>
                  <AddressLink
                    chainId={context.chainId}
                    address={change.holder}
                    label={contractName(t, known, change.holder, context.daoName)}
                    canCopy
                  />
                </td>
                <td>{changeText(change, "before")}</td>
                <td>{changeText(change, "after")}</td>
                <td className={change.after > change.before ? styles.up : styles.down}>
                  {changeText(change, "change")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t("execution.note")}</p>
    </div>
  );
}
