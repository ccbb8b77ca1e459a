import { firstMessageByField } from "@polity/core/validation/issues";
import { offchainOptionRecommendations, offchainProposalSchema } from "@polity/core/validation/offchain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Address } from "viem";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { offchainKeys } from "../api/offchainQueries.ts";
import { type CreateProposalInput, createProposal, type ProposalType } from "../api/votingApi.ts";
import { apiErrorMessage } from "../lib/apiErrorMessage.ts";
import type { FieldErrors } from "../lib/template.ts";
import styles from "../offchain.module.css";
import { FormError, TextField } from "./fields.tsx";

/**
 * Checks an off-chain proposal with core's schema; one_of and multiple_of need at least two
 * options and may not use 'against' (reserved for votes against the proposal).
 */
export function validateOffchainProposal(
  input: CreateProposalInput,
  votingType: string,
): { ok: true } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const result = offchainProposalSchema.safeParse(input);
  if (!result.success)
    for (const [path, m] of Object.entries(firstMessageByField(result.error)))
      errors[path] = { key: m.key, params: m.params };
  if (votingType !== "for_against") {
    if (input.vote_options.length < 2) errors.vote_options ??= { key: "proposal.twoOptions" };
    input.vote_options.forEach((o, i) => {
      if (o.trim().toLowerCase() === "against")
        errors[`vote_options.${i}`] ??= { key: "proposal.againstReserved" };
    });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true };
}

export function CreateOffchainProposalForm({
  chainId,
  pool,
  type,
}: {
  chainId: number;
  pool: Address;
  type: ProposalType;
}) {
  const { t } = useTranslation("offchain");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasOptions = type.voting_type !== "for_against";
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [options, setOptions] = useState<string[]>(hasOptions ? ["", ""] : []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const recommendations = hasOptions
    ? offchainOptionRecommendations(
        type.voting_type,
        options.filter((o) => o.trim()),
      )
    : [];

  const mutation = useMutation({
    mutationFn: createProposal,
    async onSuccess(proposal) {
      await queryClient.invalidateQueries({ queryKey: offchainKeys.root(chainId, pool) });
      navigate(`/dao/${pool}/create-offchain/proposal/${proposal.id}`);
    },
  });

  function onSubmit() {
    const input: CreateProposalInput = {
      type: type.name,
      title,
      description,
      chain_id: chainId,
      pool_address: pool,
      vote_options: options.map((o) => o.trim()),
    };
    const result = validateOffchainProposal(input, type.voting_type);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) mutation.mutate({ ...input, title: title.trim(), description: description.trim() });
  }

  return (
    <section className={styles.card}>
      <h1>{t("proposal.createTitle", { type: type.title || type.name })}</h1>
      <p className={styles.muted}>{t(`votingTypes.${type.voting_type}`)}</p>
      <TextField label={t("proposal.title")} value={title} onChange={setTitle} error={errors.title} />
      <TextField
        label={t("proposal.description")}
        value={description}
        onChange={setDescription}
        error={errors.description}
        multiline
      />
      {hasOptions ? (
        <fieldset className={styles.list}>
          <legend className={fieldStyles.label}>{t("proposal.options")}</legend>
          {options.map((option, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows, positional by design
              key={i}
              label={t("proposal.option", { index: i + 1 })}
              value={option}
              error={errors[`vote_options.${i}`]}
              onChange={(v) => setOptions((list) => list.map((x, j) => (j === i ? v : x)))}
            />
          ))}
          <FormError error={errors.vote_options} />
          {recommendations.map((r) => (
            <p key={`${r.key}-${r.index ?? ""}`} className={fieldStyles.hint}>
              {t(r.key, { ...r.params })}
            </p>
          ))}
          <div className={styles.row}>
            <Button size="small" variant="secondary" onClick={() => setOptions((l) => [...l, ""])}>
              {t("proposal.addOption")}
            </Button>
            {options.length > 2 ? (
              <Button size="small" variant="ghost" onClick={() => setOptions((l) => l.slice(0, -1))}>
                {t("proposal.removeOption")}
              </Button>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      {mutation.isError ? (
        <FormError
          error={{ key: "errors.apiFailed", params: { message: apiErrorMessage(mutation.error) } }}
        />
      ) : null}
      <Button onClick={onSubmit} isLoading={mutation.isPending}>
        {t("proposal.submit")}
      </Button>
    </section>
  );
}
