import { validatorListDocument } from "@polity/core/records/governance";
import type { Address } from "viem";
import {
  governancePath,
  type IndexedPage,
  type IndexedReadOptions,
  readIndexedPage,
} from "../../../shared/tracker/governanceApi.ts";

export const VALIDATORS_PAGE_SIZE = 25;

export interface ValidatorRow {
  address: Address;
  balance: bigint;
}

/** A page of the DAO's seated validators, largest validator-token balance first (indexer, via the api). */
export async function fetchValidators(
  chainId: number,
  dao: Address,
  page: number,
  options: IndexedReadOptions = {},
): Promise<IndexedPage<ValidatorRow>> {
  const result = await readIndexedPage(
    chainId,
    `${governancePath(chainId, dao)}/validators`,
    validatorListDocument,
    {
      ...options,
      query: { page: { number: page, limit: VALIDATORS_PAGE_SIZE, order: "desc" } },
    },
  );
  return {
    ...result,
    items: result.items.map((v) => ({ address: v.address, balance: BigInt(v.balance) })),
  };
}
