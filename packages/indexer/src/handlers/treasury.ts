import { ponder } from "ponder:registry";
import { settleDueTreasuries } from "../store.ts";

/** The end of a block at the chain's head: the treasuries of the pools refreshed since the last one are read. */
ponder.on("TreasuryTick:block", async ({ context }) => {
  await settleDueTreasuries(context);
});
