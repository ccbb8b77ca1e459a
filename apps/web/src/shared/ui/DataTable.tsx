import type { ReactNode } from "react";
import styles from "./DataTable.module.css";

/**
 * A data table in its scrolling frame: one heading per column, then the rows (`<tr>`s). `notice` stands
 * in the frame above the table (the indexer's lag, say).
 */
export function DataTable({
  columns,
  children,
  notice,
}: {
  columns: readonly ReactNode[];
  children: ReactNode;
  notice?: ReactNode;
}) {
  return (
    <div className={styles.wrap}>
      {notice}
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
