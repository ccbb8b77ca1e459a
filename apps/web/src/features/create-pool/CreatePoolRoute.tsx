import { useTranslation } from "react-i18next";

/** Route entry of the DAO creation wizard (`/create-pool/*`); the wizard's steps mount here. */
export default function CreatePoolRoute() {
  const { t } = useTranslation();
  return <h1>{t("nav.createDao")}</h1>;
}
