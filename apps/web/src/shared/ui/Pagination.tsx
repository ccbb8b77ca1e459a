import { useTranslation } from "react-i18next";
import { Button } from "./Button.tsx";

interface PaginationProps {
  page: number;
  pageCount: number;
  onChange(page: number): void;
}

export function Pagination({ page, pageCount, onChange }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={t("pagination.label")}
      style={{ display: "flex", gap: 8, alignItems: "center", justifyContent: "center", marginTop: 16 }}
    >
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t("pagination.previous")}
      </Button>
      <span className="muted">{t("pagination.pageOf", { page, pageCount })}</span>
      <Button
        variant="secondary"
        size="small"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        {t("pagination.next")}
      </Button>
    </nav>
  );
}
