import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section style={{ padding: "64px 16px", textAlign: "center" }}>
      <p className="muted" style={{ fontSize: 64, margin: 0, fontWeight: 700 }}>
        404
      </p>
      <h1>{t("notFound.title")}</h1>
      <p className="muted">{t("notFound.description")}</p>
      <Link to="/">{t("nav.backHome")}</Link>
    </section>
  );
}
