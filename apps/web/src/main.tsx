import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { env } from "./shared/config/env.ts";
import { restoreWalletConnect } from "./shared/wallet/wagmiConfig.ts";
import "./shared/ui/theme.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root element missing from index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

restoreWalletConnect(env.walletConnectProjectId).catch((err: unknown) =>
  console.error("Restoring the WalletConnect session failed", err),
);
