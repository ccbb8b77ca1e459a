/**
 * Texts of notifications: one per topic (`notifications.topic.<TOPIC>`), with the notification's
 * `params` as placeholders, plus the group and channel names. Kept apart from the app's catalogue
 * (`./en.ts`): the notifier renders them for Telegram, Slack, Discord and web push, and the web loads
 * them with the notifications pages only.
 */
import {
  type DeliveryChannel,
  type NotificationGroup,
  type NotificationTopic,
  notifiedOffchainProposals,
} from "../notifications.ts";
import { interpolate } from "./en.ts";

export const notificationMessages = {
  "notifications.topic.COMMENT_REPLIED": "{{actor}} replied to your comment",
  "notifications.topic.UPDATED_USER_CREDENTIALS": "Your notification channels were updated",
  "notifications.topic.USER_AGREED_TO_PRIVACY_POLICY":
    "You agreed to the privacy policy and receive notifications",
  "notifications.topic.TRANSACTION": "Transaction {{tx}} confirmed",
  "notifications.topic.GOV_POOL_CREATE": "DAO {{pool_name}} was created",
  "notifications.topic.WHITELIST_ADDED": "You were added to the whitelist of {{pool_name}}",
  "notifications.topic.PROPOSAL_CREATED": "New proposal #{{proposal_id}} in {{pool_name}}",
  "notifications.topic.PROPOSAL_VOTED": "{{actor}} voted {{side}} proposal #{{proposal_id}} in {{pool_name}}",
  "notifications.topic.PROPOSAL_VOTE_CANCELLED":
    "{{actor}} cancelled a vote on proposal #{{proposal_id}} in {{pool_name}}",
  "notifications.topic.PROPOSAL_QUORUM_REACHED":
    "Proposal #{{proposal_id}} in {{pool_name}} reached its quorum",
  "notifications.topic.PROPOSAL_QUORUM_LOST":
    "Proposal #{{proposal_id}} in {{pool_name}} fell below its quorum",
  "notifications.topic.PROPOSAL_MOVED_TO_VALIDATORS":
    "Proposal #{{proposal_id}} in {{pool_name}} moved to validators",
  "notifications.topic.PROPOSAL_EXECUTED": "Proposal #{{proposal_id}} in {{pool_name}} was executed",
  "notifications.topic.TOKENS_DEPOSITED": "{{actor}} deposited {{amount}} in {{pool_name}}",
  "notifications.topic.TOKENS_WITHDRAWN": "{{actor}} withdrew {{amount}} from {{pool_name}}",
  "notifications.topic.TOKEN_SALE_TIER_CREATED": "Token sale tier {{tier_name}} opened in {{pool_name}}",
  "notifications.topic.DELEGATION_RECEIVED": "{{actor}} delegated {{amount}} to you in {{pool_name}}",
  "notifications.topic.DELEGATION_REVOKED": "{{actor}} undelegated {{amount}} from you in {{pool_name}}",
  "notifications.topic.DELEGATED": "You delegated {{amount}} to {{delegatee}} in {{pool_name}}",
  "notifications.topic.UNDELEGATED": "You undelegated {{amount}} from {{delegatee}} in {{pool_name}}",
  "notifications.topic.VALIDATOR_PROPOSAL_CREATED":
    "New validators proposal #{{proposal_id}} in {{pool_name}}",
  "notifications.topic.VALIDATOR_VOTED":
    "Validator {{actor}} voted {{side}} proposal #{{proposal_id}} in {{pool_name}}",
  "notifications.topic.REWARDS_CLAIMED": "You claimed rewards of proposal #{{proposal_id}} in {{pool_name}}",
  "notifications.topic.OFFCHAIN_RESULTS_SAVED": "Off-chain results of {{pool_name}} were saved on chain",
  "notifications.topic.OFFCHAIN_PROPOSAL_QUORUM_LOST":
    "Off-chain proposal “{{title}}” in {{pool_name}} fell below its quorum",
  "notifications.offchainProposals": "Proposals: {{proposals}}",
  "notifications.offchainProposal": "“{{title}}” (#{{id}})",
  "notifications.offchainProposalsMore": "and {{count}} more",
  "notifications.group.general": "General",
  "notifications.group.dao-proposal": "DAO proposals",
  "notifications.group.delegate": "Delegation",
  "notifications.group.validators": "Validators",
  "notifications.group.rewards": "Rewards",
  "notifications.group.offchain": "Off-chain voting",
  "notifications.channel.firebase": "Web push",
  "notifications.channel.telegram": "Telegram",
  "notifications.channel.slack": "Slack",
  "notifications.channel.discord": "Discord",
  "notifications.side.for": "for",
  "notifications.side.against": "against",
} as const satisfies Record<
  | `notifications.topic.${NotificationTopic}`
  | `notifications.group.${NotificationGroup}`
  | `notifications.channel.${DeliveryChannel}`
  | "notifications.side.for"
  | "notifications.side.against"
  | "notifications.offchainProposals"
  | "notifications.offchainProposal"
  | "notifications.offchainProposalsMore",
  string
>;

/** The text of a notification, its missing params shown as a dash. */
export function notificationText(topic: NotificationTopic, params: Readonly<Record<string, string>>): string {
  const template: string = notificationMessages[`notifications.topic.${topic}`];
  return interpolate(template, params).replace(/\{\{\s*\w+\s*\}\}/g, "—");
}

/** How many off-chain proposals a channel message names before it counts the rest. */
const NAMED_PROPOSALS = 10;

/** The name of an off-chain proposal a notification links to. */
export const offchainProposalName = (p: { id: string; title: string }): string =>
  interpolate(notificationMessages["notifications.offchainProposal"], p);

/**
 * The line a channel message adds below a notification's text: the off-chain proposals it names (those
 * a saved results document covers), the first ten by name; null when it names none.
 */
export function notificationDetails(params: Readonly<Record<string, string>>): string | null {
  const proposals = notifiedOffchainProposals(params);
  if (proposals.length === 0) return null;
  const names = proposals.slice(0, NAMED_PROPOSALS).map(offchainProposalName);
  if (proposals.length > NAMED_PROPOSALS)
    names.push(
      interpolate(notificationMessages["notifications.offchainProposalsMore"], {
        count: proposals.length - NAMED_PROPOSALS,
      }),
    );
  return interpolate(notificationMessages["notifications.offchainProposals"], {
    proposals: names.join(", "),
  });
}
