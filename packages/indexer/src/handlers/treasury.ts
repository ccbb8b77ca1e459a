import { ponder } from "ponder:registry";
import { settleDueTreasuries, settleStats } from "../store.ts";

/**
 * The end of a block at the chain's head: the statistics of the pools whose figures changed in it are written, then
 * the treasuries refreshed since the last one are read.
 */
ponder.on("TreasuryTick:block", async ({ context }) => {
  await settleStats(context, null);
  await settleDueTreasuries(context);
});
