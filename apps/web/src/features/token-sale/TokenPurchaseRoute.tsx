import { formatDuration } from "@polity/core/duration";
import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import { tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Address, erc20Abi, isAddress } from "viem";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { TerminalSubmit, TransactionStatus } from "../../shared/tx/TerminalSubmit.tsx";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Button } from "../../shared/ui/Button.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import { openConnectModal } from "../../shared/wallet/connectModal.ts";
import type { Buyer, PaymentToken, TokenPurchase } from "./api/fetchTokenPurchase.ts";
import { purchaseTerminal } from "./api/purchaseTerminal.ts";
import { ParticipationChecks } from "./components/ParticipationChecks.tsx";
import { ParticipationLocks } from "./components/ParticipationLocks.tsx";
import { VestingSchedule } from "./components/VestingSchedule.tsx";
import styles from "./TokenSale.module.css";
import { useTokenPurchase } from "./useTokenPurchase.ts";

const dateOf = (seconds: number | bigint) => formatUtcDateTime(fromUnixSeconds(seconds));

function TierDetails({ purchase }: { purchase: TokenPurchase }) {
  const { t } = useTranslation("tokenSale");
  const { tier, sale } = purchase;
  const now = Math.floor(Date.now() / 1000);
  const vestingShare = Number(BigInt(tier.vesting_percentage) / 10n ** 23n) / 100;
  return (
    <section className={styles.card} aria-labelledby="tier-title">
      <div className={styles.row}>
        <h1 id="tier-title">{tier.name || t("untitled", { id: tier.tier_id })}</h1>
        <span data-testid="tier-status">{t(`status.${tier.status}`)}</span>
      </div>
      {tier.description ? <p className="muted">{tier.description}</p> : null}
      <dl className={styles.facts}>
        <div>
          <dt>{t("details.prices")}</dt>
          <dd>
            {purchase.paymentTokens.map((token) => (
              <div key={token.address} data-testid="tier-price">
                {t("details.price", {
                  payment: token.symbol,
                  amount: tokenAmount(token.exchangeRate, { decimals: 25, symbol: sale.symbol }),
                })}
              </div>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t("details.progress")}</dt>
          <dd data-testid="tier-progress">
            {t("details.sold", {
              sold: tokenAmount(BigInt(tier.total_sold), sale.decimals),
              total: tokenAmount(BigInt(tier.total_token_provided), sale),
              percent: tier.progress_bps / 100,
            })}
            {(tier.status === "completed" || tier.status === "not-actual") &&
            tier.recovered_amount === null &&
            BigInt(tier.total_token_provided) > BigInt(tier.total_sold) ? (
              <div>
                <Link to={`/dao/${tier.pool_address}/create-proposal/token-sale-recover/${tier.tier_id}`}>
                  {t("details.recoverUnsold")}
                </Link>
              </div>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t("details.period")}</dt>
          <dd>
            {dateOf(tier.sale_start_time)} – {dateOf(tier.sale_end_time)}
            {tier.status === "active" ? (
              <div className="muted">
                {t("details.endsIn", { duration: formatDuration(Math.max(0, tier.sale_end_time - now)) })}
              </div>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t("details.allocation")}</dt>
          <dd data-testid="tier-allocation">
            {t("details.allocationRange", {
              min: tokenAmount(BigInt(tier.min_allocation_per_user), sale.decimals),
              max: tokenAmount(BigInt(tier.max_allocation_per_user), sale),
            })}
          </dd>
        </div>
        <div>
          <dt>{t("details.vesting")}</dt>
          <dd data-testid="tier-vesting">
            {vestingShare === 0
              ? t("details.noVesting")
              : t("details.vestingTerms", {
                  percent: vestingShare,
                  duration: formatDuration(tier.vesting_duration),
                  cliff: formatDuration(tier.cliff_period),
                  step: formatDuration(tier.unlock_step),
                })}
          </dd>
        </div>
        <div>
          <dt>{t("details.claimLock")}</dt>
          <dd>
            {tier.claim_lock_duration === 0
              ? t("details.claimAtEnd")
              : t("details.claimAfter", { duration: formatDuration(tier.claim_lock_duration) })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function BuyTerminal({ purchase, dao }: { purchase: TokenPurchase; dao: Address }) {
  const { t } = useTranslation("tokenSale");
  const { tier, sale, paymentTokens, buyer } = purchase;
  const [tokenAddress, setTokenAddress] = useState(paymentTokens[0]?.address);
  const [amountText, setAmountText] = useState("");
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(dao);
  const token = paymentTokens.find((p) => p.address === tokenAddress) ?? paymentTokens[0];
  if (!token) return null;

  if (!buyer) {
    return (
      <section className={styles.card} aria-labelledby="buy-title">
        <h2 id="buy-title">{t("buy.title")}</h2>
        <Button isBlock onClick={openConnectModal} data-testid="buy-submit">
          {t("common:wallet.connect")}
        </Button>
      </section>
    );
  }
  const form = purchaseTerminal({ amountText, tier, token, saleDecimals: sale.decimals, buyer });

  async function buy(paying: PaymentToken, current: Buyer) {
    const amount = form.amount;
    for (const step of form.steps) {
      if (step === "approve") {
        await run(t("tx.approve", { amount: tokenAmount(amount, paying) }), "approve", () =>
          writeContractAsync({
            address: paying.address,
            abi: erc20Abi,
            chainId,
            functionName: "approve",
            args: [tier.token_sale, amount],
          }),
        );
      } else {
        await run(t("tx.buy", { amount: tokenAmount(form.saleAmount, sale) }), "tokenSaleBuy", () =>
          writeContractAsync({
            address: tier.token_sale,
            abi: tokenSaleProposalAbi,
            chainId,
            functionName: "buy",
            args: [BigInt(tier.tier_id), paying.address, amount, current.proof ?? []],
            ...(paying.isNative ? { value: amount } : {}),
          }),
        );
      }
    }
    setAmountText("");
  }

  return (
    <Form
      className={styles.card}
      aria-labelledby="buy-title"
      onSubmit={() => {
        if (!form.blocker && !isBusy) void buy(token, buyer).catch(() => undefined);
      }}
    >
      <h2 id="buy-title">{t("buy.title")}</h2>
      {paymentTokens.length > 1 ? (
        <fieldset className={styles.tokens}>
          <legend>{t("buy.payWith")}</legend>
          {paymentTokens.map((p) => (
            <Button
              key={p.address}
              variant={p.address === token.address ? "primary" : "secondary"}
              size="small"
              aria-pressed={p.address === token.address}
              onClick={() => {
                setTokenAddress(p.address);
                setAmountText("");
              }}
            >
              {p.symbol}
            </Button>
          ))}
        </fieldset>
      ) : null}
      <AmountField
        id="buy-amount"
        label={t("buy.amountLabel", { symbol: token.symbol })}
        value={amountText}
        onChange={setAmountText}
        balance={token.balance}
        decimals={token.decimals}
        hint={t("buy.walletBalance", {
          amount: tokenAmount(token.balance, token),
        })}
        hintTestId="buy-balance"
        inputError={form.inputError}
      />
      <p data-testid="buy-receive">{t("buy.receive", { amount: tokenAmount(form.saleAmount, sale) })}</p>
      <p className="muted" data-testid="buy-allocation">
        {t("buy.allocationLeft", {
          amount: tokenAmount(form.saleLimit > 0n ? form.saleLimit : 0n, sale),
        })}
      </p>
      {form.steps.length > 1 ? (
        <ol className={styles.steps} aria-label={t("buy.stepsLabel")}>
          {form.steps.map((step) => (
            <li key={step}>{t(`buy.steps.${step}`, { symbol: token.symbol })}</li>
          ))}
        </ol>
      ) : null}
      <TerminalSubmit blocker={form.blocker} decimals={token.decimals} status={status} testId="buy-submit">
        {form.steps[0] === "approve" ? t("buy.approve", { symbol: token.symbol }) : t("buy.submit")}
      </TerminalSubmit>
    </Form>
  );
}

function Position({ purchase, dao }: { purchase: TokenPurchase; dao: Address }) {
  const { t } = useTranslation("tokenSale");
  const { tier, sale, buyer } = purchase;
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(dao);
  if (!buyer || buyer.bought === 0n) return null;
  const claimableFrom = tier.sale_end_time + tier.claim_lock_duration;
  const now = Math.floor(Date.now() / 1000);
  const send = (functionName: "claim" | "vestingWithdraw", summary: string) =>
    run(summary, functionName === "claim" ? "tokenSaleClaim" : "tokenSaleVestingWithdraw", () =>
      writeContractAsync({
        address: tier.token_sale,
        abi: tokenSaleProposalAbi,
        chainId,
        functionName,
        args: [[BigInt(tier.tier_id)]],
      }),
    ).catch(() => undefined);
  const claimLeft = buyer.claimTotal - buyer.claimed;
  return (
    <section className={styles.card} aria-labelledby="position-title">
      <h2 id="position-title">{t("position.title")}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t("position.bought")}</dt>
          <dd data-testid="position-bought">{tokenAmount(buyer.bought, sale)}</dd>
        </div>
        <div>
          <dt>{t("position.claim")}</dt>
          <dd data-testid="position-claim">
            {t("position.claimState", {
              claimed: tokenAmount(buyer.claimed, sale.decimals),
              total: tokenAmount(buyer.claimTotal, sale),
            })}
          </dd>
        </div>
        <div>
          <dt>{t("position.vesting")}</dt>
          <dd data-testid="position-vesting">
            {t("position.vestingState", {
              withdrawn: tokenAmount(buyer.vestingWithdrawn, sale.decimals),
              total: tokenAmount(buyer.vestingTotal, sale),
            })}
          </dd>
        </div>
        {buyer.nextUnlockTime > 0n ? (
          <div>
            <dt>{t("position.nextUnlock")}</dt>
            <dd data-testid="position-next-unlock">{dateOf(buyer.nextUnlockTime)}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.row}>
        <Button
          data-testid="claim-submit"
          disabled={buyer.claimable === 0n || isBusy}
          onClick={() => void send("claim", t("tx.claim", { amount: tokenAmount(buyer.claimable, sale) }))}
        >
          {buyer.claimable > 0n
            ? t("position.claimNow", {
                amount: tokenAmount(buyer.claimable, sale),
              })
            : claimLeft > 0n && now < claimableFrom
              ? t("position.claimFrom", { date: dateOf(claimableFrom) })
              : t("position.nothingToClaim")}
        </Button>
        {buyer.vestingTotal > 0n ? (
          <Button
            variant="secondary"
            data-testid="vesting-submit"
            disabled={buyer.vestingWithdrawable === 0n || isBusy}
            onClick={() =>
              void send(
                "vestingWithdraw",
                t("tx.withdraw", {
                  amount: tokenAmount(buyer.vestingWithdrawable, sale),
                }),
              )
            }
          >
            {buyer.vestingWithdrawable > 0n
              ? t("position.withdrawNow", {
                  amount: tokenAmount(buyer.vestingWithdrawable, sale),
                })
              : t("position.nothingVested")}
          </Button>
        ) : null}
      </div>
      <TransactionStatus status={status} />
      {buyer.vestingTotal > 0n ? (
        <>
          <h3>{t("position.schedule")}</h3>
          <VestingSchedule
            tier={tier}
            total={buyer.vestingTotal}
            decimals={sale.decimals}
            symbol={sale.symbol}
          />
        </>
      ) : null}
    </section>
  );
}

/** The purchase page before its tier is there (loading, failed, no such tier): the way back and its heading. */
function PurchaseState({ dao, tierId, children }: { dao: string; tierId: string; children: ReactNode }) {
  const { t } = useTranslation("tokenSale");
  return (
    <div className={styles.page}>
      <Link to={`/dao/${dao}/token-sales`}>{t("backToSales")}</Link>
      <h1>{t("untitled", { id: tierId })}</h1>
      {children}
    </div>
  );
}

function Loaded({ dao, tierId }: { dao: Address; tierId: string }) {
  const { t } = useTranslation("tokenSale");
  const purchase = useTokenPurchase(dao, tierId);
  const state = (view: ReactNode) => (
    <PurchaseState dao={dao} tierId={tierId}>
      {view}
    </PurchaseState>
  );
  if (purchase.isPending) return state(<LoadingState label={t("loading")} />);
  if (purchase.isError) {
    if ((purchase.error as { status?: number }).status === 404)
      return state(<EmptyState title={t("notFound", { id: tierId })} />);
    return state(<ErrorState message={purchase.error.message} onRetry={() => void purchase.refetch()} />);
  }
  return (
    <div className={styles.page}>
      <Link to={`/dao/${dao}/token-sales`}>{t("backToSales")}</Link>
      <TierDetails purchase={purchase.data} />
      <ParticipationChecks purchase={purchase.data} />
      <ParticipationLocks purchase={purchase.data} dao={dao} />
      <BuyTerminal purchase={purchase.data} dao={dao} />
      <Position purchase={purchase.data} dao={dao} />
    </div>
  );
}

/** `/dao/:daoAddress/dao-token-sales/:tierId/token-purchase/*`: buy in a tier, then claim and withdraw what vested. */
export default function TokenPurchaseRoute() {
  const { t } = useTranslation("tokenSale");
  const { daoAddress, tierId } = useParams();
  if (!daoAddress || !isAddress(daoAddress)) return <EmptyState title={t("invalidAddress")} />;
  if (!tierId || !/^[1-9][0-9]*$/.test(tierId))
    return (
      <PurchaseState dao={daoAddress} tierId={tierId ?? ""}>
        <EmptyState title={t("notFound", { id: tierId ?? "" })} />
      </PurchaseState>
    );
  return <Loaded key={`${daoAddress.toLowerCase()}-${tierId}`} dao={daoAddress} tierId={tierId} />;
}
