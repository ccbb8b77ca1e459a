/**
 * The transaction actions, loaded on first use (`import("./walletActions.ts")`): preparing, signing
 * and awaiting a transaction (gas and fee estimation, serialisation, blob hashing) is code a page
 * needs only once its form is submitted, not to render. The same goes for batched calls (EIP-5792).
 */
export {
  getCapabilities,
  sendCalls,
  sendTransaction,
  waitForCallsStatus,
  waitForTransactionReceipt,
  writeContract,
} from "wagmi/actions";
