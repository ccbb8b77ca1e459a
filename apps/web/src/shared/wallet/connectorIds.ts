export const DEV_ACCOUNT_CONNECTOR_ID = "devAccount";
export const WALLET_CONNECT_CONNECTOR_ID = "walletConnect";
