import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button.tsx";
import styles from "./ListSection.module.css";

/**
 * A titled list of rows the person adds to and removes from (social links, documents, token
 * recipients, validators): each row's fields, its Remove button, then an Add button.
 */
export function ListSection({
  titleId,
  title,
  hint,
  rowKeys,
  renderRow,
  onRemove,
  minRows = 0,
  footer,
  addLabel,
  onAdd,
}: {
  titleId: string;
  title: ReactNode;
  hint?: ReactNode;
  /** One stable key per row (react-hook-form's field ids). */
  rowKeys: readonly string[];
  renderRow: (index: number) => ReactNode;
  onRemove: (index: number) => void;
  /** Rows that must stay: their Remove buttons are disabled. */
  minRows?: number;
  /** Shown under the rows (the list's own error). */
  footer?: ReactNode;
  addLabel: ReactNode;
  onAdd: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {rowKeys.map((key, index) => (
        <div key={key} className={styles.row}>
          {renderRow(index)}
          <Button
            variant="ghost"
            size="small"
            onClick={() => onRemove(index)}
            disabled={rowKeys.length <= minRows}
          >
            {t("list.remove")}
          </Button>
        </div>
      ))}
      {footer}
      <Button variant="secondary" className={styles.add} onClick={onAdd}>
        {addLabel}
      </Button>
    </section>
  );
}
