/**
 * English message catalogue: i18n key → text. Validation schemas, error mappings and state labels
 * of this package return keys; the web app loads this catalogue into i18next (flat keys: use
 * `keySeparator: false`, or `toNestedResources(en)`), the api uses `translate` for error details.
 * Placeholders use i18next's `{{name}}` syntax.
 */

export const en = {
  // Proposal state labels (spec section 4).
  "proposalState.membersVoting": "Members voting",
  "proposalState.waitingForVotingTransfer": "Waiting for voting transfer",
  "proposalState.validatorsVoting": "Validators voting",
  "proposalState.delayedExecution": "Delayed execution",
  "proposalState.waitingToExecute": "Waiting to execute",
  "proposalState.executed": "Executed",
  "proposalState.rejected": "Rejected",
  "proposalState.unknown": "Unknown",
  "proposalState.expired": "Expired",
  "proposalState.approved": "Approved",
  "proposalState.completed": "Completed",

  // Proposal list filters.
  "proposalFilter.all": "All",
  "proposalFilter.active": "Active",
  "proposalFilter.accepted": "Accepted",
  "proposalFilter.rejected": "Rejected",
  "proposalFilter.openVoting": "Open voting",
  "proposalFilter.completedVoting": "Completed voting",
  "proposalFilter.executed": "Executed",

  // Timelines.
  "timeline.published": "Published on-chain",
  "timeline.generalVotingStart": "General voting start",
  "timeline.generalVotingEnd": "General voting end",
  "timeline.waitingToTransfer": "Waiting to transfer to validators",
  "timeline.validatorsVotingStart": "Validators voting start",
  "timeline.validatorsVotingEnd": "Validators voting end",
  "timeline.waitingToExecute": "Waiting to execute",
  "timeline.executed": "Executed",
  "timeline.memberVotingStart": "Member voting start",
  "timeline.memberVotingEnd": "Member voting end",

  // Form validation (spec section 5).
  "validation.required": "Please fill out this field",
  "validation.minLength": "Must be at least {{minLength}} characters",
  "validation.maxLength": "Must be at most {{maxLength}} characters",
  "validation.maxSizeBelowFullness": "Max size cannot be less than the current fullness",
  "validation.investLimitBelowFullness": "Invest limit cannot be less than the current fullness",
  "validation.maxTokenPriceBelowCurrent": "Max token price cannot be less than the current price",
  "validation.maxAllocationAboveTotal": "Max allocation must be less than the total token amount",
  "validation.maxAllocationBelowMin": "Max allocation must be greater than the min allocation",
  "validation.minAllocationNotPositive": "Min allocation must be greater than 0",
  "validation.percentLockedRange": "Percent locked must be at least 0 and less than 100",
  "validation.invalidDate": "Please enter a valid date",
  "validation.endDateBeforeStart": "End date must be after the start date",
  "validation.invalidPairPrice": "Please enter a valid pair price",
  "validation.monthlyWithdrawLimit": "Monthly validator withdrawal is limited to allocated tokens",
  "validation.tokenLimit": "DAO pool can hold at most {{tokenLimit}} tokens",
  "validation.duplicateAddress": "This address is already in the list",
  "validation.duplicateValue": "This value is already in the list",
  "validation.greaterThan": "Must be greater than {{value}}",
  "validation.atLeast": "Must be at least {{value}}",
  "validation.greaterThanZero": "Must be greater than 0",
  "validation.multiplierTooHigh": "Must be at most {{value}}",
  "validation.oneActiveMultiplier": "Only one NFT multiplier can be active per DAO",
  "validation.multiplierAlreadyActive": "This NFT multiplier is already the active one",
  "validation.invalidDuration": "Please enter a valid duration, e.g. 1Y 6Mon 2w 1d",
  "validation.durationTooLong": "Duration must be less than {{days}} days",
  "validation.discussionAboveComment":
    "Minimum votes to read the discussion cannot exceed the minimum votes to create a comment",
  "validation.earlyClosureBelowFinal": "Early closure percent must be at least the final closure percent",
  "validation.quorumAboveInitialDistribution": "Quorum cannot exceed the initial distribution",
  "validation.poolNameTaken": "A pool with this name already exists.",
  "validation.commentEmpty": "Comment cannot be empty",
  "validation.minVotingPowerAboveSupply":
    "Minimum voting power cannot exceed the total supply minus the treasury balance of the token",
  "validation.invalidAddress": "Please enter a valid address",
  "validation.invalidUrl": "Please enter a valid URL starting with http:// or https://",
  "validation.invalidIpfsLink": "Please provide an ipfs:// link",
  "validation.invalidNumber": "Please enter a valid non-negative number",
  "validation.tooManyDecimals": "At most {{decimals}} decimal places are allowed",
  "validation.percentTooSmall": "The smallest percentage is {{min}}",
  "validation.percentAbove100": "Percentage cannot exceed 100",
  "validation.selectGovernance": "Choose a governance token, an NFT, or both",
  "validation.customPowerAgreement": "Please confirm the custom vote-power contract",
  "validation.invalid": "Please enter a valid value",
  "validation.notSupportedChain": "This chain is not supported",
  "validation.atLeastOneItem": "Add at least one item",
  "validation.nothingChanged": "Nothing has been changed. Please change something before submitting.",

  // Token creation.
  "validation.totalSupplyAboveCap": "Total supply cannot exceed the cap",
  "validation.totalSupplyTooLarge": "Total supply cannot exceed {{max}}",
  "validation.recipientAmountRequired": "At least one recipient must receive an amount greater than 0",
  "validation.distributionMismatch": "The recipients' total must equal the initial distribution",
  "validation.distributionAboveSupply":
    "The treasury and the initial distribution cannot exceed the total supply",
  "validation.treasuryFull": "With 100% in the treasury, participants have nothing to vote",

  // Token import.
  "validation.tokenNotFound": "Token not found",
  "validation.nftInsteadOfToken": "This address is an NFT, not a token",

  // Token sale.
  "validation.tokenPairRequired": "Add at least one token pair",
  "validation.startDateInPast": "Start date must be today or later",
  "validation.vestingDurationRequired": "Vesting needs a duration above zero",
  "validation.unlockStepInvalid": "The unlock step must be above zero and at most the vesting duration",
  "validation.cliffAboveDuration": "The cliff cannot be longer than the vesting duration",
  "validation.merkleWhitelistEmpty": "Add at least one address to the Merkle whitelist",

  // Off-chain voting templates (recommendations, not blocking).
  "offchain.tooManyOptions": "We recommend no more than {{max}} options",
  "offchain.optionsRange": "We recommend {{min}} to {{max}} options",
  "offchain.optionTooLong": "We recommend 1 to 3 words per option",

  // Terminal button states.
  "terminal.selectAmount": "Select amount",
  "terminal.insufficientBalance": "Insufficient balance",
  "terminal.invalidAddress": "Invalid address",
  "terminal.overlimit": "Overlimit",
  "terminal.overlimitOf": "Overlimit: at most {{limit}} now",
  "terminal.alreadyClaimed": "Already claimed",

  // Display.
  "display.notAvailable": "N/A",
  "display.lessThanCent": "<0.01",
  "display.lessThanFiatCent": "<$0.01",

  // Notifications (toast defaults).
  "notification.success": "Success",
  "notification.error": "Error",
  "notification.warning": "Warning",
  "notification.info": "Info",

  // Errors (spec section 8).
  "errors.somethingWentWrong": "Oops... Something went wrong",
  "errors.invalidTime": "Invalid time",
  "errors.insufficientBalance": "Insufficient balance",
  "errors.unpredictable": "Unpredictable error",
  "errors.wrongNetwork": "You use the wrong network.",
  "errors.walletLoginFailed":
    "An error occurred during the authorization process. Please try again or choose an alternative login method.",
  "errors.signatureRejected": "Account ownership confirmation rejected",
  "errors.noAbiMethods": "No methods found from provided ABI",
  "errors.invalidRewardToken": "Invalid contract address",
  "errors.noChainId": "No chain id found",
  "errors.transactionExists": "Attempted to add existing transaction.",
  "errors.noPendingListUpdate": "accept list update called without pending update",
  "errors.noLinks": "There are no links in response",
  "errors.noConnectorChains": "No chains found on connector.",
  "errors.connectorChainNotFound": "chain not found on connector.",
  "errors.accountNotWhitelisted": "Account not whitelisted",
  "errors.commentReadPowerTooLow": "You do not have enough voting power to read this discussion",
  "errors.commentCreatePowerTooLow": "You do not have enough voting power to comment",
  "errors.notMember": "Only DAO members can take part in this discussion",

  // HTTP errors.
  "errors.http.badRequest": "Bad request",
  "errors.http.severalErrors": "Request contains some errors.",
  "errors.http.unauthorized": "Unauthorized",
  "errors.http.forbidden": "Forbidden",
  "errors.http.notFound": "Not found",
  "errors.http.conflict": "Conflict",
  "errors.http.tooManyRequests": "Too many requests",
  "errors.http.internal": "Internal server error",
  "errors.http.network": "Network error",

  // Wallet provider (EIP-1193) and JSON-RPC errors.
  "errors.wallet.userRejected": "User rejected the request.",
  "errors.wallet.unauthorized": "The requested method or account has not been authorized by the user.",
  "errors.wallet.unsupportedMethod": "The wallet does not support the requested method.",
  "errors.wallet.disconnected": "The wallet is disconnected from all chains.",
  "errors.wallet.chainDisconnected": "The wallet is not connected to the requested chain.",
  "errors.rpc.parse": "Invalid JSON was received by the server.",
  "errors.rpc.invalidRequest": "The JSON sent is not a valid request.",
  "errors.rpc.methodNotFound": "The method does not exist or is not available.",
  "errors.rpc.invalidParams": "Invalid method parameters.",
  "errors.rpc.internal": "Internal JSON-RPC error.",
  "errors.rpc.invalidInput": "Missing or invalid parameters.",
  "errors.rpc.resourceNotFound": "Requested resource not found.",
  "errors.rpc.resourceUnavailable": "Requested resource not available.",
  "errors.rpc.transactionRejected": "Transaction creation failed.",
  "errors.rpc.methodNotSupported": "Method is not implemented.",
  "errors.rpc.limitExceeded": "Request exceeds defined limit.",
  "errors.rpc.versionNotSupported": "Version of JSON-RPC protocol is not supported.",

  // Wallet connection relay (session) errors.
  "errors.relay.invalidRequest": "Invalid wallet connection request.",
  "errors.relay.unauthorized": "The wallet connection is not authorized for this request.",
  "errors.relay.userRejected": "The connection request was rejected in the wallet.",
  "errors.relay.unsupported": "The wallet does not support this chain, method or account.",
  "errors.relay.userDisconnected": "The wallet was disconnected.",
  "errors.relay.settlementFailed": "The wallet connection could not be established.",
  "errors.relay.unsupportedMethod": "The wallet does not support this method.",

  // Node errors.
  "errors.node.networkBlockSkew": "Network block skew detected. Please try again.",
  "errors.node.networkChanged": "The network changed. Please try again.",
  "errors.node.badResult": "Bad result from the node.",
  "errors.node.transactionReplaced": "The transaction was replaced.",
  "errors.node.timeout": "The request timed out.",
  "errors.node.transactionFailed": "The transaction failed.",
  "errors.node.insufficientFunds": "Insufficient funds for gas and value.",
  "errors.node.nonceUsed": "Nonce has already been used.",
  "errors.node.replacementUnderpriced": "Replacement fee too low.",
  "errors.node.legacyUnsupported": "Legacy pre-EIP-155 transactions are not supported.",
  "errors.node.cannotEstimateGas": "Cannot estimate gas; the transaction may fail.",
  "errors.node.missingRevertData": "The call reverted without a reason.",
  "errors.node.invalidAddress": "Invalid address or name.",
  "errors.node.nameNotConfigured": "The name is not configured.",
  "errors.node.unknownAccount": "Unknown account.",
  "errors.node.invalidPollingInterval": "Invalid polling interval.",

  // Big-number helpers.
  "errors.bigNumber.invalidDecimals": "Decimals must be greater than 0",
  "errors.bigNumber.unconvertible": "The value cannot be converted to a number",
  "errors.bigNumber.formatFailed": "The value cannot be formatted",
  "errors.bigNumber.divisionByZero": "Division by zero",
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;

export type MessageParams = Readonly<Record<string, string | number | bigint>>;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && Object.hasOwn(en, value);
}

/** Interpolates `{{name}}` placeholders; unknown placeholders stay as they are. */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** The English text of a key with its parameters (the api uses it for JSON:API error details). */
export function translate(key: MessageKey, params?: MessageParams, catalogue: Catalogue = en): string {
  return interpolate(catalogue[key], params);
}

export type NestedResources = { [key: string]: string | NestedResources };

/** Turns flat dotted keys into nested objects, for i18next with its default key separator. */
export function toNestedResources(flat: Readonly<Record<string, string>>): NestedResources {
  const root: NestedResources = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part] ?? {};
      if (typeof next === "string") throw new Error(`Key "${key}" conflicts with a text at "${part}"`);
      node[part] = next;
      node = next;
    }
    const leaf = parts[parts.length - 1] as string;
    if (typeof node[leaf] === "object") throw new Error(`Key "${key}" conflicts with nested keys`);
    node[leaf] = text;
  }
  return root;
}
