import { ponder } from "ponder:registry";
import { privacyPolicyAgreement } from "ponder:schema";
import { eventRow, lower } from "../store.ts";

/** Each agreement to the privacy policy, for the notifier to tell the account (one row per event: replays are safe). */
ponder.on("UserRegistry:Agreed", async ({ event, context }) => {
  await context.db
    .insert(privacyPolicyAgreement)
    .values({
      ...eventRow(context, event),
      user: lower(event.args.user),
      documentHash: lower(event.args.documentHash),
    })
    .onConflictDoNothing();
});
