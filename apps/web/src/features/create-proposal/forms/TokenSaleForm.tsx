import { NATIVE_COIN_ADDRESS } from "@polity/core/constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, erc20Abi, parseUnits } from "viem";
import { useLogin } from "../../../shared/auth/useLogin.ts";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { fetchSaleExecutors, storeMerkleWhitelist } from "../../../shared/tracker/tokenSaleApi.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { CheckboxField, FormError, TextField, TokenField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { merkleWhitelistRoot } from "../lib/merkleWhitelist.ts";
import {
  PARTICIPATION,
  type ParticipationKind,
  parseAddressList,
  type TierFormValues,
  tierSchemaInput,
  utcInput,
} from "../lib/tokenSaleTier.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";

/** The rules and the proposal's encoding load when the tier is reviewed, not with the form. */
const loadReview = () =>
  Promise.all([
    import("@polity/core/validation/tokenSale"),
    import("@polity/core/validation/rules"),
    import("../lib/tierProposal.ts"),
    import("./TokenTransferForm.tsx"),
  ]);

const HOUR_MS = 3_600_000;

function initialValues(ctx: PoolContext, now: number): TierFormValues {
  const start = Math.ceil(now / HOUR_MS) * HOUR_MS;
  return {
    name: "",
    description: "",
    token: ctx.token?.address ?? "",
    amount: "",
    receiver: ctx.pool,
    pairs: [{ token: NATIVE_COIN_ADDRESS, price: "" }],
    minAllocation: "",
    maxAllocation: "",
    start: utcInput(start),
    end: utcInput(start + 7 * 24 * HOUR_MS),
    claimLock: "0",
    vestingPercentage: "0",
    vestingDuration: "0",
    cliff: "0",
    unlockStep: "0",
    requirements: {
      daoVotes: false,
      whitelist: false,
      babt: false,
      tokenLock: false,
      nftLock: false,
      merkle: false,
    },
    minVotes: "",
    whitelist: "",
    lockToken: "",
    lockAmount: "",
    lockNft: "",
    lockNftCount: "1",
    merkleAddresses: "",
  };
}

/** Decimals of a requirement token (the lock token), 18 when it cannot be read. */
async function decimalsOf(client: ReadClient, token: string): Promise<number> {
  const { decimals } = await readBatch(client, {
    decimals: readCall({ address: token as Address, abi: erc20Abi }, "decimals"),
  });
  return decimals ?? 18;
}

/**
 * `token-sale/*`: a token sale tier from the treasury: the token and amount, a price per payment token
 * (the native coin too), allocations, the sale period in UTC, the claim lock, vesting, and who may buy
 * (DAO votes, whitelist, BABT, token lock, NFT lock, a Merkle whitelist built here from a pasted or
 * uploaded list and stored by the api).
 */
export function TokenSaleForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const client = useReadClient({ chainId }) as ReadClient;
  const login = useLogin();
  const [values, setValues] = useState(() => initialValues(ctx, Date.now()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [merkleRoot, setMerkleRoot] = useState<string | null>(null);
  const set =
    <K extends keyof TierFormValues>(key: K) =>
    (value: TierFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const setPair = (i: number, pair: Partial<TierFormValues["pairs"][number]>) =>
    setValues((v) => ({ ...v, pairs: v.pairs.map((p, j) => (j === i ? { ...p, ...pair } : p)) }));
  const toggle = (kind: ParticipationKind) => (on: boolean) =>
    setValues((v) => ({ ...v, requirements: { ...v.requirements, [kind]: on } }));
  const field = (key: string) => errors[key];

  async function build(): Promise<BuiltProposal | null> {
    const [{ tokenSaleTierSchema }, { amountSchema }, { tierProposal }, { treasuryPosition }] =
      await loadReview();
    const result = validate(tokenSaleTierSchema({ now: Date.now() }), tierSchemaInput(values));
    const next: FieldErrors = result.ok ? {} : { ...result.errors };
    const [executors, position] = await Promise.all([
      fetchSaleExecutors(chainId, ctx.pool),
      result.ok ? treasuryPosition(client, ctx, result.data.token as Address) : null,
    ]);
    if (!executors.tokenSale) next.form = { key: "tokenSale.noExecutor" };
    if (result.ok && !position) next.token = { key: "validation.tokenNotFound" };
    if (result.ok && position) {
      for (const key of ["amount", "minAllocation", "maxAllocation"] as const) {
        const check = validate(amountSchema({ decimals: position.decimals }), result.data[key]);
        if (!check.ok) next[key] = check.errors[""] ?? { key: "validation.invalid" };
      }
      if (!next.amount && parseUnits(result.data.amount, position.decimals) > position.balance)
        next.amount = {
          key: "tokenSale.aboveTreasury",
          params: { balance: tokenAmount(position.balance, position.decimals), symbol: position.symbol },
        };
    }
    setErrors(next);
    if (!result.ok || !position || !executors.tokenSale || Object.keys(next).length > 0) return null;

    const tier = result.data;
    const lockToken = tier.participation?.tokenLock?.token;
    const lockDecimals =
      values.requirements.tokenLock && lockToken ? await decimalsOf(client, lockToken) : 18;
    let merkle: { root: `0x${string}`; uri: string } | null = null;
    const merkleList = tier.participation?.merkle?.addresses;
    if (values.requirements.merkle && merkleList) {
      const built = await merkleWhitelistRoot(merkleList);
      setMerkleRoot(built.root);
      if (!ctx.user) {
        setErrors({ form: { key: "tokenSale.connectForWhitelist" } });
        return null;
      }
      await login.mutateAsync({ address: ctx.user.address, chainId });
      const stored = await storeMerkleWhitelist(chainId, ctx.pool, built.addresses);
      // The api builds the same tree: a different root would leave buyers without proofs.
      if (stored.root !== built.root)
        throw new Error(`Merkle root mismatch: ${stored.root} != ${built.root}`);
      merkle = stored;
    }
    return tierProposal({
      tier,
      requirements: values.requirements,
      decimals: { sale: position.decimals, votes: ctx.token?.decimals ?? 18, lockToken: lockDecimals },
      tokenSale: executors.tokenSale,
      merkle,
      symbols: { sale: position.symbol },
    });
  }

  async function onUpload(file: File | undefined) {
    if (!file) return;
    const text = await file.text();
    setValues((v) => ({
      ...v,
      merkleAddresses: [v.merkleAddresses.trim(), text.trim()].filter(Boolean).join("\n"),
    }));
  }

  const merkleCount = new Set(parseAddressList(values.merkleAddresses).map((a) => a.toLowerCase())).size;
  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.tokenSale.title")}
      category="tokenSale"
      build={build}
    >
      <h3>{t("tokenSale.tierSection")}</h3>
      <TextField
        label={t("tokenSale.name")}
        value={values.name}
        onChange={set("name")}
        error={field("name")}
      />
      <TextField
        label={t("tokenSale.description")}
        value={values.description}
        onChange={set("description")}
        error={field("description")}
        multiline
      />
      <TokenField
        chainId={chainId}
        label={t("tokenSale.token")}
        hint={t("tokenSale.tokenHint")}
        value={values.token}
        onChange={set("token")}
        error={field("token")}
      />
      <TextField
        label={t("tokenSale.amount")}
        value={values.amount}
        onChange={set("amount")}
        error={field("amount")}
        inputMode="decimal"
      />
      <TextField
        label={t("tokenSale.receiver")}
        hint={t("tokenSale.receiverHint")}
        value={values.receiver}
        onChange={set("receiver")}
        error={field("receiver")}
        isMono
      />

      <h3>{t("tokenSale.pairsSection")}</h3>
      <p className={fieldStyles.hint}>{t("tokenSale.pairsHint")}</p>
      {values.pairs.map((pair, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows, positional by design
          key={i}
          className={styles.row}
        >
          <TokenField
            chainId={chainId}
            label={t("tokenSale.pairToken", { index: i + 1 })}
            value={pair.token}
            onChange={(token) => setPair(i, { token })}
            error={field(`pairs.${i}.token`)}
          />
          <TextField
            label={t("tokenSale.pairPrice", { index: i + 1 })}
            value={pair.price}
            onChange={(price) => setPair(i, { price })}
            error={field(`pairs.${i}.price`)}
            inputMode="decimal"
          />
          <Button variant="ghost" size="small" onClick={() => setPair(i, { token: NATIVE_COIN_ADDRESS })}>
            {t("tokenSale.nativeCoin")}
          </Button>
          <Button
            variant="ghost"
            size="small"
            onClick={() => setValues((v) => ({ ...v, pairs: v.pairs.filter((_, j) => j !== i) }))}
          >
            {t("actions.remove")}
          </Button>
        </div>
      ))}
      <FormError error={field("pairs")} />
      <Button
        variant="secondary"
        size="small"
        onClick={() => setValues((v) => ({ ...v, pairs: [...v.pairs, { token: "", price: "" }] }))}
      >
        {t("tokenSale.addPair")}
      </Button>

      <h3>{t("tokenSale.allocationSection")}</h3>
      <div className={styles.row}>
        <TextField
          label={t("tokenSale.minAllocation")}
          value={values.minAllocation}
          onChange={set("minAllocation")}
          error={field("minAllocation")}
          inputMode="decimal"
        />
        <TextField
          label={t("tokenSale.maxAllocation")}
          value={values.maxAllocation}
          onChange={set("maxAllocation")}
          error={field("maxAllocation")}
          inputMode="decimal"
        />
      </div>

      <h3>{t("tokenSale.periodSection")}</h3>
      <div className={styles.row}>
        <TextField
          label={t("tokenSale.start")}
          type="datetime-local"
          value={values.start}
          onChange={set("start")}
          error={field("startTime")}
        />
        <TextField
          label={t("tokenSale.end")}
          type="datetime-local"
          value={values.end}
          onChange={set("end")}
          error={field("endTime")}
        />
      </div>
      <p className={fieldStyles.hint}>{t("tokenSale.utc")}</p>
      <TextField
        label={t("tokenSale.claimLock")}
        hint={t("tokenSale.durationHint")}
        value={values.claimLock}
        onChange={set("claimLock")}
        error={field("claimLock")}
      />

      <h3>{t("tokenSale.vestingSection")}</h3>
      <TextField
        label={t("tokenSale.vestingPercentage")}
        hint={t("tokenSale.vestingPercentageHint")}
        value={values.vestingPercentage}
        onChange={set("vestingPercentage")}
        error={field("vestingUnlock")}
        inputMode="decimal"
      />
      <div className={styles.row}>
        <TextField
          label={t("tokenSale.vestingDuration")}
          value={values.vestingDuration}
          onChange={set("vestingDuration")}
          error={field("vestingPeriod")}
        />
        <TextField
          label={t("tokenSale.cliff")}
          value={values.cliff}
          onChange={set("cliff")}
          error={field("cliff")}
        />
        <TextField
          label={t("tokenSale.unlockStep")}
          value={values.unlockStep}
          onChange={set("unlockStep")}
          error={field("releaseFrequency")}
        />
      </div>
      <p className={fieldStyles.hint}>{t("tokenSale.durationHint")}</p>

      <h3>{t("tokenSale.participationSection")}</h3>
      <p className={fieldStyles.hint}>{t("tokenSale.participationHint")}</p>
      {(Object.keys(PARTICIPATION) as ParticipationKind[]).map((kind) => (
        <div key={kind}>
          <CheckboxField
            label={t(`tokenSale.kinds.${kind}`)}
            checked={values.requirements[kind]}
            onChange={toggle(kind)}
          />
          {!values.requirements[kind] ? null : kind === "daoVotes" ? (
            <TextField
              label={t("tokenSale.minVotes", { symbol: ctx.token?.symbol ?? "" })}
              value={values.minVotes}
              onChange={set("minVotes")}
              error={field("participation.daoVotes.minVotes")}
              inputMode="decimal"
            />
          ) : kind === "whitelist" ? (
            <TextField
              label={t("tokenSale.whitelist")}
              hint={t("tokenSale.listHint")}
              value={values.whitelist}
              onChange={set("whitelist")}
              error={Object.entries(errors).find(([k]) => k.startsWith("whitelist"))?.[1]}
              multiline
              isMono
            />
          ) : kind === "tokenLock" ? (
            <div className={styles.row}>
              <TokenField
                chainId={chainId}
                label={t("tokenSale.lockToken")}
                value={values.lockToken}
                onChange={set("lockToken")}
                error={field("participation.tokenLock.token")}
              />
              <TextField
                label={t("tokenSale.lockAmount")}
                value={values.lockAmount}
                onChange={set("lockAmount")}
                error={field("participation.tokenLock.amount")}
                inputMode="decimal"
              />
            </div>
          ) : kind === "nftLock" ? (
            <div className={styles.row}>
              <TextField
                label={t("tokenSale.lockNft")}
                value={values.lockNft}
                onChange={set("lockNft")}
                error={field("participation.nftLock.nft")}
                isMono
              />
              <TextField
                label={t("tokenSale.lockNftCount")}
                value={values.lockNftCount}
                onChange={set("lockNftCount")}
                error={field("participation.nftLock.count")}
                inputMode="numeric"
              />
            </div>
          ) : kind === "merkle" ? (
            <>
              <TextField
                label={t("tokenSale.merkleAddresses")}
                hint={t("tokenSale.merkleHint", { count: merkleCount })}
                value={values.merkleAddresses}
                onChange={set("merkleAddresses")}
                error={
                  field("participation.merkle") ??
                  Object.entries(errors).find(([k]) => k.startsWith("participation.merkle"))?.[1]
                }
                multiline
                isMono
              />
              <label className={fieldStyles.hint}>
                {t("tokenSale.merkleUpload")}{" "}
                <input
                  type="file"
                  accept=".txt,.csv,text/plain,text/csv"
                  data-testid="merkle-upload"
                  onChange={(e) => void onUpload(e.target.files?.[0])}
                />
              </label>
              {merkleRoot ? (
                <p className={fieldStyles.hint} data-testid="merkle-root">
                  {t("tokenSale.merkleRoot", { root: merkleRoot })}
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      ))}
      <FormError error={field("form")} />
    </CreateProposalShell>
  );
}
