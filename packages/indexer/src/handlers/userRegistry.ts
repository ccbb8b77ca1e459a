import { privacyPolicyAgreement } from "ponder:schema";
import { on } from "../on.ts";
import { eventRow, lower } from "../store.ts";

/** Each agreement to the privacy policy, for the notifier to tell the account (one row per event: replays are safe). */
on("UserRegistry:Agreed", async ({ event, context }) => {
  await context.db
    .insert(privacyPolicyAgreement)
    .values({
      ...eventRow(context, event),
      user: lower(event.args.user),
      documentHash: lower(event.args.documentHash),
    })
    .onConflictDoNothing();
});
