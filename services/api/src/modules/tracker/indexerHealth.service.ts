import type { ChainClients } from "../../chain/clients.ts";
import type { TrackerRepository } from "./tracker.repository.ts";

export interface ChainIndexingHealth {
  chain_id: number;
  head_block: number | null;
  last_indexed_block: number | null;
  last_indexed_at: number | null;
  lag_blocks: number | null;
  is_indexed: boolean;
  error: string | null;
}

/**
 * Per chain: the chain head (JSON-RPC) and the last block the indexer has processed (its checkpoint
 * table), so the web can say when lists lag behind the chain.
 */
export class IndexerHealthService {
  constructor(
    private readonly repo: TrackerRepository,
    private readonly chains: ChainClients,
    private readonly chainIds: number[],
  ) {}

  async check(): Promise<ChainIndexingHealth[]> {
    let heads = new Map<number, { block: number; timestamp: number }>();
    let indexerError: string | null = null;
    try {
      heads = await this.repo.indexedHeads();
    } catch (err) {
      indexerError = `indexer state unreadable: ${(err as Error).message}`;
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
            error = `chain head unreadable: ${(err as Error).message.split("\n")[0]}`;
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
