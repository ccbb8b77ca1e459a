import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../shared/ui/icons.tsx";

export default function NotWhitelistedPage() {
  const { t } = useTranslation("pages");
  return (
    <section role="alert" style={{ maxWidth: 520, margin: "64px auto", textAlign: "center" }}>
      <Icon name="shield" size={48} />
      <h1>{t("errors.accountNotWhitelisted", { ns: "core" })}</h1>
      <p className="muted">{t("notWhitelisted.description")}</p>
      <Link to="/">{t("common:nav.backHome")}</Link>
    </section>
  );
}
