/**
 * The api's error catalogue: the `code` of each JSON:API error the api answers, and its English text (the
 * error's `detail`, with the error's params). Kept apart from the app's catalogue (`./en.ts`) so the web,
 * which shows the api's `detail` as it comes, does not ship these texts; the api translates with
 * `apiCatalogue` (these and the app's keys).
 */
import { en, interpolate, type MessageParams } from "./en.ts";

export const apiMessages = {
  "errors.api.invalidField": "{{field}}: {{message}}",
  "errors.api.requestRejected": "{{reason}}",
  "errors.api.routeNotFound": "Route {{method}} {{path}} not found",
  "errors.api.rateLimited": "Rate limit exceeded, retry later",
  "errors.api.databaseTimeout": "The database did not answer in time, try again later",
  "errors.api.databaseUnreachable": "Database is not reachable",
  "errors.api.indexerNotReady": "The indexer has not created its tables yet; retry shortly",
  "errors.api.upstreamUnavailable": "The data source did not answer",
  "errors.api.indexerUnreadable": "The indexer cannot be read, try again later",
  "errors.api.daoNotIndexed": "No DAO {{pool}} is indexed on chain {{chainId}}",
  "errors.api.proposalNotIndexed": "Proposal {{proposalId}} of {{pool}} is not indexed on chain {{chainId}}",
  "errors.api.proposalNotIndexedYet":
    "Proposal {{proposalId}} of {{pool}} is not indexed on chain {{chainId}} yet",
  "errors.api.chainNotSupported": "Chain {{chainId}} is not supported",
  "errors.api.chainNotConfigured": "Chain {{chainId}} is not configured on this server",
  "errors.api.rpcNotConfigured": "No RPC endpoint is configured for chain {{chainId}}",
  "errors.api.notDeployed": "Polity is not deployed on chain {{chainId}}",
  "errors.api.notAPool": "Address is not a DAO pool on this chain",
  "errors.api.chainNodeUnreachable": "Chain node is not reachable, try again later",
  "errors.api.archiveNodeRequired":
    "The chain node no longer keeps the state of block {{block}}; this chain needs an archive node",
  "errors.api.originNotAllowed": "Origin is not allowed to sign in",
  "errors.api.signInMessageInvalid": "Message is not a valid sign-in message",
  "errors.api.signInOtherAddress": "Message was issued for another address",
  "errors.api.nonceUnknown": "Nonce is unknown",
  "errors.api.nonceUsed": "Nonce was already used",
  "errors.api.signInMessageExpired": "Sign-in message expired",
  "errors.api.signInChainMismatch": "Message chain does not match the requested chain",
  "errors.api.signInDomainMismatch": "Message domain does not match",
  "errors.api.signInMessageChanged": "Message differs from the one issued",
  "errors.api.signInChainNotSupported": "Message chain is not supported",
  "errors.api.signInDomainNotAllowed": "Message domain is not allowed",
  "errors.api.signatureInvalid": "Signature verification failed",
  "errors.api.bearerTokenMissing": "Missing bearer token",
  "errors.api.accessTokenInvalid": "Invalid access token",
  "errors.api.refreshTokenInvalid": "Invalid refresh token",
  "errors.api.refreshTokenReused": "Refresh token reuse detected; please sign in again",
  "errors.api.refreshTokenExpired": "Refresh token is expired or revoked",
  "errors.api.tokenWrongType": "Expected a {{type}} token",
  "errors.api.tokenExpired": "Token expired",
  "errors.api.tokenInvalid": "Invalid token",
  "errors.api.imageTypeRequired": "Content-Type must be one of {{types}}",
  "errors.api.imageTypeUnsupported": "Unsupported image type",
  "errors.api.imageEmpty": "Image is empty",
  "errors.api.imageBytesMismatch": "Image bytes do not match the Content-Type",
  "errors.api.uploadQuotaReached":
    "Upload quota reached: an account may upload {{quota}} per 24 hours; try again later",
  "errors.api.cidInvalid": "Invalid CID",
  "errors.api.linkInvalid": "link must be an IPFS link or CID",
  "errors.api.documentNotCached": "Document {{cid}} is not cached",
  "errors.api.documentNotJson": "Document is not JSON",
  "errors.api.documentNotDaoDescription": "This document is not the DAO's descriptionURL on chain",
  "errors.api.documentNotProposalDescription": "This document is not the proposal's descriptionURL on chain",
  "errors.api.commentPageNotDao": "page_id must name a DAO page: dao/<pool address>/…",
  "errors.api.commentPageInvalid": "page_id is not a valid page identifier",
  "errors.api.commentPoolMismatch": "pool_address is not the DAO this page belongs to",
  "errors.api.commentTooLong": "Comment is longer than {{max}} characters",
  "errors.api.commentIdInvalid": "{{field}} must be a comment id",
  "errors.api.commentNotFound": "Comment {{id}} not found",
  "errors.api.commentDeleted": "This comment was deleted",
  "errors.api.parentCommentNotFound": "Parent comment not found",
  "errors.api.replyOtherPage": "A reply must be on its parent's page",
  "errors.api.commentEditNotAuthor": "Only the author can edit this comment",
  "errors.api.commentDeleteNotAuthor": "Only the author can delete this comment",
  "errors.api.reactionNotFound": "You have not reacted to this comment",
  "errors.api.proposalIdInvalid": "proposal_id must be a proposal id",
  "errors.api.proposalNotFound": "Proposal {{id}} not found",
  "errors.api.proposalTypeNotFound": "Proposal type {{name}} not found for this DAO",
  "errors.api.proposalTypeExists": "Proposal type {{name}} already exists",
  "errors.api.proposalTypeGone": "Proposal type {{name}} no longer exists",
  "errors.api.templateInvalid": "The proposed template is no longer valid",
  "errors.api.customParametersInvalid": "custom_parameters: {{issues}}",
  "errors.api.voteOptionsCount": "vote_options must have 2 to {{max}} options",
  "errors.api.voteOptionsRepeat": "vote_options must not repeat",
  "errors.api.voteOptionReserved": '"against" is reserved for votes against the proposal',
  "errors.api.proposalPowerTooLow": "Not enough voting power to create this proposal",
  "errors.api.votePowerTooLow": "Not enough voting power at the proposal's snapshot block to vote",
  "errors.api.votingOver": "Voting on this proposal is over",
  "errors.api.voteForOther": "You can only vote for yourself",
  "errors.api.cancelOtherVote": "You can only cancel your own vote",
  "errors.api.voteNotFound": "You have not voted on this proposal",
  "errors.api.optionsRepeat": "options must not repeat",
  "errors.api.forOrAgainst": 'choose exactly one of "for" or "against"',
  "errors.api.optionUnknown": "options must be among the proposal's vote options",
  "errors.api.oneOption": "choose exactly one option",
  "errors.api.noOption": "choose at least one option",
  "errors.api.verifierNotConfigured": "No off-chain results verifier is configured for chain {{chainId}}",
  "errors.api.stakingNotDeployed": "DAO {{pool}} on chain {{chainId}} has no staking executor",
  "errors.api.tierNotFound": "No token sale tier {{tierId}} in DAO {{pool}} on chain {{chainId}}",
  "errors.api.whitelistEmpty": "A whitelist needs at least one address",
  "errors.api.whitelistTooLong": "A whitelist holds at most {{max}} addresses",
  "errors.api.whitelistNotFound": "No whitelist with root {{root}}",
  "errors.api.notInWhitelist": "{{address}} is not in the whitelist {{root}}",
  "errors.api.noFinishedProposals": "There are no finished proposals of this type to submit",
  "errors.api.notificationsOtherAccount":
    "Only {{account}} itself can do this; you are signed in as another account",
  "errors.api.notificationIdInvalid": "{{field}} must be notification ids",
  "errors.api.identityNotFound": "Identity {{id}} not found",
  "errors.api.subscriptionNotFound": "Subscription {{id}} not found",
  "errors.api.subscriptionLimit": "An account may hold at most {{limit}} subscriptions",
  "errors.api.channelInactive": "{{channel}} notifications are not configured on this server",
  "errors.api.webhookRejected": "The {{channel}} webhook refused a test message (status {{status}})",
  "errors.api.webhookUnreachable": "The {{channel}} webhook could not be reached",
  "errors.api.webhookHostNotAllowed": "A {{channel}} webhook must be an https URL of {{hosts}}",
  "errors.api.profileNotOwner": "Only the owner of this address can change its profile",
  "errors.api.userRegistryMissing": "The protocol has no user registry on chain {{chainId}}",
  "errors.api.privacyPolicyNotSet": "The user registry on chain {{chainId}} has no privacy policy yet",
  "errors.api.agreementSignatureInvalid":
    "The signature is not this account's agreement to the privacy policy in force",
  "errors.api.agreementNotFound":
    "This account has not agreed to the privacy policy in force on chain {{chainId}}",
} as const;

export const apiCatalogue = { ...en, ...apiMessages } as const;

/** A key the api may answer as an error `code`: its own or the app's catalogue's. */
export type ApiMessageKey = keyof typeof apiCatalogue;

export function isApiMessageKey(value: unknown): value is ApiMessageKey {
  return typeof value === "string" && Object.hasOwn(apiCatalogue, value);
}

/** The English text of an api error code with its parameters (the JSON:API `detail`). */
export function translateApi(key: ApiMessageKey, params?: MessageParams): string {
  return interpolate(apiCatalogue[key], params);
}
