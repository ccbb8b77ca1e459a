import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadPage } from "./app/router.tsx";
import { env } from "./shared/config/env.ts";
import { i18n } from "./shared/i18n/i18n.ts";
import { restoreWalletConnect } from "./shared/wallet/wagmiConfig.ts";
import "./shared/ui/theme.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root element missing from index.html");
// The page the URL opens is loaded first, with the translation namespaces its code asks for (index.html's
// loader is already downloading both, and names the namespaces on the root element): the first render
// shows the page rather than the layout's loading state, and the HTML's header and heading stay until then.
const namespaces = document.documentElement.dataset.namespaces?.split(" ").filter(Boolean) ?? [];
Promise.all([preloadPage(window.location.pathname), i18n.loadNamespaces(namespaces)])
  .catch(() => undefined) // the page's own load reports the failure when it renders
  .finally(() =>
    // As a transition, the first render yields to the browser every few milliseconds (a tap or a
    // scroll is answered meanwhile) instead of holding the main thread until the page is built; the
    // HTML's header and heading stay in view until it commits.
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );

restoreWalletConnect(env.walletConnectProjectId).catch((err: unknown) =>
  console.error("Restoring the WalletConnect session failed", err),
);
