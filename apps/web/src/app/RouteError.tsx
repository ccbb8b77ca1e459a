import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

function RouteErrorView({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <main style={{ padding: 32, textAlign: "center" }} role="alert">
      <h1>{t("errors.somethingWentWrong")}</h1>
      <p>
        <button type="button" onClick={onRetry}>
          {t("actions.retry")}
        </button>{" "}
        <a href="/">{t("nav.backHome")}</a>
      </p>
    </main>
  );
}

/** Catches a page that fails to render (or whose chunk fails to load) and offers a way back. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Page failed to render", error, info.componentStack);
  }

  override render() {
    if (this.state.error !== undefined)
      return <RouteErrorView onRetry={() => this.setState({ error: undefined })} />;
    return this.props.children;
  }
}
