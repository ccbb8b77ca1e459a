import styles from "./Terminal.module.css";

/** The transactions a terminal will ask the wallet to sign, in order. */
export function TxSteps({
  label,
  steps,
}: {
  label: string;
  steps: readonly { key: string; text: string }[];
}) {
  return (
    <ol className={styles.steps} aria-label={label}>
      {steps.map((step) => (
        <li key={step.key}>{step.text}</li>
      ))}
    </ol>
  );
}
