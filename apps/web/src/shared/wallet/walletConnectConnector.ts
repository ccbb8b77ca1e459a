import { walletConnect } from "wagmi/connectors";

/**
 * WalletConnect with its QR code shown by default. Loaded after start-up: its relay client and
 * modal are larger than the rest of the first page together.
 */
export function walletConnectConnector(projectId: string) {
  return walletConnect({
    projectId,
    // The wallet modal renders the pairing URI as a QR code itself (spec: QR shown by default).
    showQrModal: false,
    metadata: {
      name: "Polity",
      description: "Create and govern DAOs with your wallet.",
      url: globalThis.location?.origin ?? "http://localhost:5173",
      icons: [],
    },
  });
}
