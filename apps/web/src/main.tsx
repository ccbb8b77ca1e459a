import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { env } from "./shared/config/env.ts";
import { addWalletConnect } from "./shared/wallet/wagmiConfig.ts";
import "./shared/ui/theme.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root element missing from index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (env.walletConnectProjectId) void addWalletConnect(env.walletConnectProjectId);
