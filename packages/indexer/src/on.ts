import { ponder } from "ponder:registry";
import { type Ctx, settleStats } from "./store.ts";

type Args = { event: { block: { number: bigint } }; context: Ctx };

/**
 * `ponder.on` for every log handler: the statistics due from an earlier block are written first (`settleStats`), as
 * the first event of a block is where the last block with events ended, before this handler changes anything.
 */
export const on = ((name: string, indexingFunction: (args: Args) => Promise<void>) =>
  ponder.on(name as never, async (args: Args) => {
    await settleStats(args.context, args.event.block.number);
    await indexingFunction(args);
  })) as typeof ponder.on;
