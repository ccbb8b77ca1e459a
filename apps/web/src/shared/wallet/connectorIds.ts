export const DEV_ACCOUNT_CONNECTOR_ID = "devAccount";
export const WALLET_CONNECT_CONNECTOR_ID = "walletConnect";

/** Local storage key remembering that a page-held key account (the Dev account) was connected. */
export function localKeyAuthorisedKey(address: string): string {
  return `polity.localKey.${address}.authorised`;
}
