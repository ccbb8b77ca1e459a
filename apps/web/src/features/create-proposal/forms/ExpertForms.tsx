import { expertNftAbi, govPoolAbi, govUserKeeperAbi } from "@polity/core/generated/contracts";
import { addressSchema, amountSchema } from "@polity/core/validation/rules";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Address, formatUnits, isAddress, parseUnits } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { overlimitMessage } from "../../../shared/format/overlimitMessage.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { TextField } from "../components/Field.tsx";
import { UnknownType } from "../components/UnknownType.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { useFormValues } from "../lib/useFormValues.ts";
import { type FieldErrors, isValid, validate } from "../lib/validate.ts";

type Reads = Pick<ReadClient, "multicall">;
type Validation = { ok: true; proposal: BuiltProposal } | { ok: false; errors: FieldErrors };

/** The shell of one kind: its catalogue title, and a build that shows the validation's errors under the fields. */
function KindShell({
  ctx,
  chainId,
  category,
  validate: run,
  onErrors,
  children,
}: {
  ctx: PoolContext;
  chainId: number;
  category: string;
  validate: () => Promise<Validation>;
  onErrors: (errors: FieldErrors) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("createProposal");
  async function build(): Promise<BuiltProposal | null> {
    const result = await run();
    return isValid(result, onErrors) ? result.proposal : null;
  }
  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t(`types.${category}.title`)}
      category={category}
      build={build}
    >
      {children}
    </CreateProposalShell>
  );
}

/** Whether `account` holds the DAO's local expert badge. */
async function isLocalExpert(client: Reads, ctx: PoolContext, account: Address): Promise<boolean> {
  const read = await readBatch(client, {
    isExpert: readCall({ address: ctx.expertNft, abi: expertNftAbi }, "isExpert", [account]),
  });
  return read.isExpert ?? false;
}

/**
 * `expert/local` mints the DAO's local expert badge to an address (`ExpertNft.mint(expert, uri)`),
 * `remove-expert/local` burns it (`burn(expert)`): the badge is owned by the pool, so only a passed proposal can.
 * An address that already holds (or does not hold) the badge is refused before the proposal is made.
 */
export async function validateExpertBadge(
  client: Reads,
  ctx: PoolContext,
  values: { expert: string; uri: string },
  isRemoval: boolean,
): Promise<Validation> {
  const expert = validate(addressSchema, values.expert);
  if (!expert.ok)
    return { ok: false, errors: { expert: expert.errors[""] ?? { key: "validation.invalidAddress" } } };
  const address = expert.data as Address;
  const holds = await isLocalExpert(client, ctx, address);
  if (holds !== isRemoval)
    return {
      ok: false,
      errors: { expert: { key: isRemoval ? "expert.notExpert" : "expert.alreadyExpert" } },
    };
  const nft = { abi: expertNftAbi } as const;
  return {
    ok: true,
    proposal: {
      actions: [
        isRemoval
          ? callAction(ctx.expertNft, { ...nft, functionName: "burn", args: [address] })
          : callAction(ctx.expertNft, { ...nft, functionName: "mint", args: [address, values.uri.trim()] }),
      ],
      proposedChanges: {
        expert: address,
        isExpert: !isRemoval,
        uri: isRemoval ? undefined : values.uri.trim(),
      },
      currentChanges: { expert: address, isExpert: isRemoval },
    },
  };
}

/** How a DAO asks the protocol's governance for a global expert badge (PROTOCOL.md, the contracts' README). */
function GlobalExpertRequest({ ctx, isRemoval }: { ctx: PoolContext; isRemoval: boolean }) {
  const { t } = useTranslation("createProposal");
  return (
    <section className={styles.card}>
      <h1>{t(isRemoval ? "types.globalExpertRemoval.title" : "types.globalExpert.title")}</h1>
      <p>{t(isRemoval ? "expert.globalRemovalHowTo" : "expert.globalHowTo")}</p>
      <Link to={`/dao/${ctx.pool}/create-offchain`}>{t("expert.offchainLink")}</Link>
    </section>
  );
}

/** `expert/{type}` and `remove-expert/{type}`: the local badge by proposal, the global one by request. */
export function ExpertBadgeForm({
  ctx,
  chainId,
  isRemoval = false,
}: {
  ctx: PoolContext;
  chainId: number;
  isRemoval?: boolean;
}) {
  const { t } = useTranslation("createProposal");
  const { type = "" } = useParams();
  const client = useReadClient({ chainId }) as ReadClient;
  const { values, setErrors, bind } = useFormValues({ expert: "", uri: "" });
  if (type === "global") return <GlobalExpertRequest ctx={ctx} isRemoval={isRemoval} />;
  if (type !== "local") return <UnknownType />;
  const category = isRemoval ? "localExpertRemoval" : "localExpert";

  return (
    <KindShell
      ctx={ctx}
      chainId={chainId}
      category={category}
      validate={() => validateExpertBadge(client, ctx, values, isRemoval)}
      onErrors={setErrors}
    >
      <TextField label={t("expert.address")} {...bind("expert")} placeholder="0x…" isMono />
      {isRemoval ? null : <TextField label={t("expert.uri")} hint={t("expert.uriHint")} {...bind("uri")} />}
    </KindShell>
  );
}

/** The treasury tokens already delegated to `expert`. */
async function treasuryDelegated(client: Reads, ctx: PoolContext, expert: Address): Promise<bigint> {
  const read = await readBatch(client, {
    delegated: readCall({ address: ctx.userKeeper, abi: govUserKeeperAbi }, "treasuryDelegation", [expert]),
  });
  return read.delegated?.[0] ?? 0n;
}

/**
 * `tokens/delegate/{expert}` delegates treasury tokens to an expert (`GovPool.delegateTreasury`), `tokens/revoke/{expert}`
 * takes them back (`undelegateTreasury`); NFT ids are optional. Delegating takes no more than the treasury holds,
 * revoking no more than was delegated; the pool itself refuses an address without a local or global expert badge
 * (the review's simulation shows it).
 */
export async function validateTreasuryDelegation(
  client: Reads,
  ctx: PoolContext,
  expert: Address,
  isRevoke: boolean,
  values: { amount: string; nftIds: string },
): Promise<Validation> {
  const errors: FieldErrors = {};
  const decimals = ctx.token?.decimals ?? 18;
  const nftIds = values.nftIds
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? BigInt(s) : null));
  if (nftIds.some((id) => id === null)) errors.nftIds = { key: "expert.nftIdsInvalid" };
  const amountText = values.amount.trim() === "" && nftIds.length > 0 ? "0" : values.amount;
  const amount = validate(amountSchema({ positive: nftIds.length === 0, decimals }), amountText);
  if (!amount.ok) errors.amount = amount.errors[""] ?? { key: "validation.invalid" };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value = parseUnits(amount.ok ? amount.data : "0", decimals);
  const delegated = await treasuryDelegated(client, ctx, expert);
  const limit = isRevoke ? delegated : ctx.treasuryBalance;
  if (value > limit)
    return { ok: false, errors: { amount: overlimitMessage(limit, decimals, ctx.token?.symbol) } };
  const ids = nftIds as bigint[];
  return {
    ok: true,
    proposal: {
      actions: [
        callAction(ctx.pool, {
          abi: govPoolAbi,
          functionName: isRevoke ? "undelegateTreasury" : "delegateTreasury",
          args: [expert, value, ids],
        }),
      ],
      proposedChanges: {
        expert,
        amount: formatUnits(value, decimals),
        symbol: ctx.token?.symbol ?? "",
        nftIds: ids.map(String),
        delegatedAfter: formatUnits(isRevoke ? delegated - value : delegated + value, decimals),
      },
      currentChanges: { expert, delegated: formatUnits(delegated, decimals) },
    },
  };
}

/** `tokens/{type}/{expert}`: delegate (type `delegate`) or revoke (`revoke`) treasury tokens to an expert. */
export function TreasuryDelegationForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const { type = "", expert = "" } = useParams();
  const client = useReadClient({ chainId }) as ReadClient;
  const { values, setErrors, bind } = useFormValues({ amount: "", nftIds: "" });
  if (type !== "delegate" && type !== "revoke") return <UnknownType />;
  if (!isAddress(expert)) return <EmptyState title={t("expert.invalidExpert", { expert })} />;
  const isRevoke = type === "revoke";
  const category = isRevoke ? "revokeTokensFromExpert" : "delegateTokensToExpert";
  const symbol = ctx.token?.symbol ?? "";

  return (
    <KindShell
      ctx={ctx}
      chainId={chainId}
      category={category}
      validate={() => validateTreasuryDelegation(client, ctx, expert as Address, isRevoke, values)}
      onErrors={setErrors}
    >
      <dl className={styles.list}>
        <dt>{t("expert.expert")}</dt>
        <dd data-testid="treasury-expert">{expert}</dd>
      </dl>
      <TextField
        label={t("expert.amount", { symbol })}
        hint={
          isRevoke
            ? undefined
            : t("transfer.tokenHint", {
                symbol,
                balance: tokenAmount(ctx.treasuryBalance, ctx.token?.decimals ?? 18),
              })
        }
        {...bind("amount")}
        inputMode="decimal"
      />
      {ctx.nft ? <TextField label={t("expert.nftIds")} {...bind("nftIds")} /> : null}
    </KindShell>
  );
}
