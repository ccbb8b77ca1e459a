import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error("Route failed", error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main style={{ padding: 32, textAlign: "center" }} role="alert">
      <h1>{t("errors.somethingWentWrong")}</h1>
      {detail ? <p className="muted">{detail}</p> : null}
      <Link to="/">{t("nav.backHome")}</Link>
    </main>
  );
}
