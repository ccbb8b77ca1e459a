import styles from "./Terminal.module.css";

interface NftPickerProps {
  legend: string;
  ids: readonly bigint[];
  selected: readonly bigint[];
  onChange(ids: bigint[]): void;
}

/** Checkboxes choosing NFTs by id; nothing when there is none to choose. */
export function NftPicker({ legend, ids, selected, onChange }: NftPickerProps) {
  if (ids.length === 0) return null;
  return (
    <fieldset className={styles.field}>
      <legend>{legend}</legend>
      <div className={styles.row}>
        {ids.map((id) => (
          <label key={id.toString()} className={styles.row}>
            <input
              type="checkbox"
              checked={selected.includes(id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...selected, id] : selected.filter((n) => n !== id))
              }
            />
            #{id.toString()}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
