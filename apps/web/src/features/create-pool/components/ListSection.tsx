import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import styles from "../createPool.module.css";

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
  const { t } = useTranslation("createPool");
  return (
    <section className={fieldStyles.field} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.subtitle}>
        {title}
      </h2>
      {hint ? <p className={styles.muted}>{hint}</p> : null}
      {rowKeys.map((key, index) => (
        <div key={key} className={styles.listRow}>
          {renderRow(index)}
          <button
            type="button"
            className={styles.buttonLink}
            onClick={() => onRemove(index)}
            disabled={rowKeys.length <= minRows}
          >
            {t("basic.remove")}
          </button>
        </div>
      ))}
      {footer}
      <button type="button" className={styles.buttonSecondary} onClick={onAdd}>
        {addLabel}
      </button>
    </section>
  );
}
