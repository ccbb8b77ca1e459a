import type { ChainIndexingHealth } from "@polity/core/records/tracker";
import type { FastifyBaseLogger } from "fastify";
import type { ChainClients } from "../../chain/clients.ts";
import type { IndexedHead, IndexerReader } from "../../indexer/indexer.ts";

export type { ChainIndexingHealth };

/**
 * Per chain: the chain head (JSON-RPC) and the last block the indexer has processed (its checkpoint
 * table), so the web can say when lists lag behind the chain.
 */
export class IndexerHealthService {
  constructor(
    private readonly indexer: IndexerReader,
    private readonly chains: ChainClients,
    private readonly chainIds: number[],
    private readonly log: FastifyBaseLogger,
  ) {}

  async check(): Promise<ChainIndexingHealth[]> {
    let heads = new Map<number, IndexedHead>();
    let indexerError: string | null = null;
    try {
      heads = await this.indexer.heads();
    } catch (err) {
      // The cause stays in the logs: database errors name tables and schemas.
      this.log.warn({ err }, "indexer health: indexer progress unreadable");
      indexerError = "The indexer's progress cannot be read";
    }
    const ids = [...new Set([...this.chainIds.filter((id) => this.chains.has(id)), ...heads.keys()])].sort(
      (a, b) => a - b,
    );
    return Promise.all(
      ids.map(async (chainId): Promise<ChainIndexingHealth> => {
        const indexed = heads.get(chainId) ?? null;
        let head: number | null = null;
        let error = indexerError;
        if (this.chains.has(chainId)) {
          try {
            head = Number(await this.chains.get(chainId).getBlockNumber({ cacheTime: 0 }));
          } catch (err) {
            this.log.warn({ err, chainId }, "indexer health: chain head unreadable");
            error = "The chain node did not answer";
          }
        }
        return {
          chain_id: chainId,
          head_block: head,
          last_indexed_block: indexed?.block ?? null,
          last_indexed_at: indexed?.timestamp ?? null,
          lag_blocks: head !== null && indexed ? Math.max(0, head - indexed.block) : null,
          is_indexed: indexed !== null,
          error,
        };
      }),
    );
  }
}
