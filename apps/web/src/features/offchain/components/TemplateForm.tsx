import { OffchainVotingType } from "@polity/core/enums";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Address } from "viem";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { offchainKeys, powerTokenQuery } from "../api/offchainQueries.ts";
import { createProposal } from "../api/votingApi.ts";
import { apiErrorMessage } from "../lib/apiErrorMessage.ts";
import {
  DEFAULT_TEMPLATE,
  type FieldErrors,
  type TemplateValues,
  TYPE_FIELDS,
  validateTemplate,
} from "../lib/template.ts";
import styles from "../offchain.module.css";
import { FormError, TextField } from "./fields.tsx";

const POWER_FIELDS = [
  "minimal_vote_power",
  "minimal_create_proposal_power",
  "minimal_comment_read_power",
  "minimal_comment_create_power",
] as const;

/**
 * A template proposal: members vote a new off-chain proposal type into being (create_proposal_type)
 * or change an existing one (edit_proposal_type, name fixed, refused when nothing changed).
 */
export function TemplateForm({
  chainId,
  pool,
  initial,
}: {
  chainId: number;
  pool: Address;
  initial?: TemplateValues;
}) {
  const { t } = useTranslation("offchain");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TemplateValues>(initial ?? DEFAULT_TEMPLATE);
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const set =
    <K extends keyof TemplateValues>(key: K) =>
    (value: TemplateValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const isEdit = Boolean(initial);
  // The minimum powers are typed in whole tokens of the DAO's voting token: the hint names it.
  const token = useQuery(powerTokenQuery(useReadClient({ chainId }), chainId, pool)).data;
  const powerHint = token?.symbol ? t("template.powerHint", { symbol: token.symbol }) : undefined;

  const mutation = useMutation({
    mutationFn: (parameters: Record<string, unknown>) =>
      createProposal({
        type: isEdit ? "edit_proposal_type" : "create_proposal_type",
        title: title.trim(),
        description: values.description.trim(),
        chain_id: chainId,
        pool_address: pool,
        vote_options: [],
        custom_parameters: parameters,
      }),
    async onSuccess(proposal) {
      await queryClient.invalidateQueries({ queryKey: offchainKeys.root(chainId, pool) });
      navigate(`/dao/${pool}/create-offchain/proposal/${proposal.id}`);
    },
  });

  function onSubmit() {
    const next: FieldErrors = {};
    if (!title.trim()) next.title = { key: "validation.required" };
    const result = validateTemplate(values, initial);
    if (!result.ok) Object.assign(next, result.errors);
    setErrors(next);
    if (result.ok && Object.keys(next).length === 0) mutation.mutate(result.parameters);
  }

  return (
    <section className={styles.card}>
      <h1>{isEdit ? t("template.editTitle", { name: values.name }) : t("template.newTitle")}</h1>
      <TextField label={t("template.proposalTitle")} value={title} onChange={setTitle} error={errors.title} />
      <TextField
        label={t("template.name")}
        value={values.name}
        onChange={set("name")}
        error={errors.name}
        disabled={isEdit}
        hint={t("template.nameHint")}
      />
      <TextField
        label={t("template.description")}
        value={values.description}
        onChange={set("description")}
        error={errors.description}
        multiline
      />
      <fieldset className={styles.row}>
        <legend className={fieldStyles.label}>{t("template.votingType")}</legend>
        {Object.values(OffchainVotingType).map((type) => (
          <label key={type} className={styles.row}>
            <input
              type="radio"
              name="voting_type"
              checked={values.voting_type === type}
              onChange={() => set("voting_type")(type)}
              disabled={isEdit}
            />
            {t(`votingTypes.${type}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t("template.votingDuration")}
        value={values.voting_duration}
        onChange={set("voting_duration")}
        error={errors.voting_duration}
        hint={t("template.durationHint")}
      />
      <div className={styles.grid}>
        {[...TYPE_FIELDS[values.voting_type], ...POWER_FIELDS].map((field) => (
          <TextField
            key={field}
            label={t(`template.${field}`)}
            value={values[field]}
            onChange={set(field)}
            error={errors[field]}
            hint={(POWER_FIELDS as readonly string[]).includes(field) ? powerHint : undefined}
            inputMode="decimal"
          />
        ))}
      </div>
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={values.use_delegated}
          onChange={(e) => set("use_delegated")(e.target.checked)}
        />
        {t("template.useDelegated")}
      </label>
      <FormError error={errors.form} />
      {mutation.isError ? (
        <FormError
          error={{ key: "errors.apiFailed", params: { message: apiErrorMessage(mutation.error) } }}
        />
      ) : null}
      <Button onClick={onSubmit} isLoading={mutation.isPending}>
        {t("template.submit")}
      </Button>
    </section>
  );
}
