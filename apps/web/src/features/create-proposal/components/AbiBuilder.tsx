import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AbiFunction, type Address, type Hex, isHex, parseEther } from "viem";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import styles from "../createProposal.module.css";
import {
  AbiBuilderError,
  encodeCall,
  methodSignature,
  parseAbiText,
  selectorSignature,
  writeMethods,
} from "../lib/abiBuilder.ts";
import { useFormValues } from "../lib/useFormValues.ts";
import { type FieldError, type FieldErrors, validate } from "../lib/validate.ts";
import { Field, FormError, TextField } from "./Field.tsx";

type Rules = typeof import("@polity/core/validation/rules");

// The validation rules (zod) load with the first action added, not with the page.
const loadRules = (): Promise<Rules> => import("@polity/core/validation/rules");

function parseValue(rules: Rules, value: string, errors: FieldErrors): bigint {
  const v = validate(rules.amountSchema(), value.trim() === "" ? "0" : value);
  if (!v.ok) {
    errors.value = v.errors[""] ?? { key: "validation.invalid" };
    return 0n;
  }
  return parseEther(v.data);
}

interface ActionBuilderProps {
  onAdd: (action: ProposalAction) => void;
  /** Why the DAO may not call this target (shown at the contract field), or null. */
  checkTarget?: (target: Address) => FieldError | null;
}

function targetErrors(rules: Rules, address: string, checkTarget: ActionBuilderProps["checkTarget"]) {
  const a = validate(rules.addressSchema, address);
  if (!a.ok) return a.errors[""] ?? { key: "validation.invalidAddress" };
  return checkTarget?.(address.trim() as Address) ?? undefined;
}

/**
 * The ABI builder: paste a contract's ABI, pick one of its write methods, fill its arguments
 * (arrays and tuples as JSON), and add the encoded call as a proposal action.
 */
export function AbiBuilder({ onAdd, checkTarget }: ActionBuilderProps) {
  const { t } = useTranslation("createProposal");
  const { values, set, errors, setErrors, bind } = useFormValues({ address: "", abiText: "", value: "" });
  const { address, abiText, value } = values;
  const [selected, setSelected] = useState(0);
  const [args, setArgs] = useState<string[]>([]);

  const parsed = useMemo((): { methods: AbiFunction[] } | { error: AbiBuilderError } | null => {
    if (!abiText.trim()) return null;
    try {
      return { methods: writeMethods(parseAbiText(abiText)) };
    } catch (err) {
      return { error: err instanceof AbiBuilderError ? err : new AbiBuilderError("validation.invalid") };
    }
  }, [abiText]);
  const methods = parsed && "methods" in parsed ? parsed.methods : [];
  const method = methods[selected];

  async function add() {
    const rules = await loadRules();
    const next: FieldErrors = {};
    const target = targetErrors(rules, address, checkTarget);
    if (target) next.address = target;
    if (!method) next.abi = { key: parsed && "error" in parsed ? parsed.error.key : "anyOther.abiRequired" };
    const wei = parseValue(rules, value, next);
    if (method && method.stateMutability !== "payable" && wei > 0n)
      next.value = { key: "anyOther.notPayable" };
    if (method) {
      const encoded = encodeCall(method, args);
      if (!encoded.ok) {
        for (const [i, err] of Object.entries(encoded.errors))
          next[`arg.${i}`] = { key: err.key, params: err.params };
      } else if (Object.keys(next).length === 0) {
        onAdd({ executor: address.trim() as Address, value: wei, data: encoded.data });
        setArgs([]);
        set("value")("");
      }
    }
    setErrors(next);
  }

  return (
    <div className={styles.list}>
      <TextField label={t("anyOther.contract")} {...bind("address")} placeholder="0x…" />
      <Field
        label={t("anyOther.abi")}
        error={
          errors.abi ??
          (parsed && "error" in parsed ? { key: parsed.error.key, params: parsed.error.params } : undefined)
        }
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className={fieldStyles.textarea}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={abiText}
            onChange={(e) => {
              set("abiText")(e.target.value);
              setSelected(0);
              setArgs([]);
            }}
            placeholder={t("anyOther.abiPlaceholder")}
          />
        )}
      </Field>
      {methods.length > 0 ? (
        <Field label={t("anyOther.method")}>
          {({ id }) => (
            <select
              id={id}
              className={fieldStyles.select}
              value={selected}
              onChange={(e) => {
                setSelected(Number(e.target.value));
                setArgs([]);
              }}
            >
              {methods.map((m, i) => (
                <option key={selectorSignature(m)} value={i}>
                  {methodSignature(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {method?.inputs.map((input, i) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: arguments are positional in the signature
          key={`${selectorSignature(method)}-${i}`}
          label={`${input.name || `arg${i}`} (${input.type})`}
          value={args[i] ?? ""}
          error={errors[`arg.${i}`]}
          hint={/\[|tuple/.test(input.type) ? t("anyOther.jsonHint") : undefined}
          onChange={(v) =>
            setArgs((list) => {
              const copy = [...list];
              copy[i] = v;
              return copy;
            })
          }
        />
      ))}
      {method?.stateMutability === "payable" || errors.value ? (
        <TextField label={t("anyOther.value")} {...bind("value")} inputMode="decimal" />
      ) : null}
      <Button variant="secondary" onClick={() => void add()}>
        {t("anyOther.addAction")}
      </Button>
    </div>
  );
}

/** Manual action: target, native value and raw calldata. */
export function ManualActionBuilder({ onAdd, checkTarget }: ActionBuilderProps) {
  const { t } = useTranslation("createProposal");
  const { values, setValues, setErrors, bind } = useFormValues({ address: "", value: "", data: "" });
  const { address, value, data } = values;
  async function add() {
    const rules = await loadRules();
    const next: FieldErrors = {};
    const target = targetErrors(rules, address, checkTarget);
    if (target) next.address = target;
    const wei = parseValue(rules, value, next);
    const hex = data.trim() === "" ? "0x" : data.trim();
    if (!isHex(hex, { strict: true }) || hex.length % 2 !== 0) next.data = { key: "anyOther.expectedHex" };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onAdd({ executor: address.trim() as Address, value: wei, data: hex as Hex });
    setValues((v) => ({ ...v, value: "", data: "" }));
  }
  return (
    <div className={styles.list}>
      <TextField label={t("anyOther.contract")} {...bind("address")} placeholder="0x…" />
      <TextField label={t("anyOther.value")} {...bind("value")} inputMode="decimal" />
      <TextField label={t("anyOther.calldata")} {...bind("data")} placeholder="0x…" />
      <Button variant="secondary" onClick={() => void add()}>
        {t("anyOther.addAction")}
      </Button>
      <FormError error={undefined} />
    </div>
  );
}
