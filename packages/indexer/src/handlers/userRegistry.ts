import { ponder } from "ponder:registry";
import { privacyPolicyAgreement } from "ponder:schema";
import { eventId, lower } from "../store.ts";

/** Each agreement to the privacy policy, for the notifier to tell the account (one row per event: replays are safe). */
ponder.on("UserRegistry:Agreed", async ({ event, context }) => {
  await context.db
    .insert(privacyPolicyAgreement)
    .values({
      id: eventId(context.chain.id, event),
      chainId: context.chain.id,
      user: lower(event.args.user),
      documentHash: lower(event.args.documentHash),
      blockNumber: event.block.number,
      timestamp: event.block.timestamp,
      txHash: event.transaction.hash,
    })
    .onConflictDoNothing();
});
