/**
 * Answers of the proxy cache (`/integrations/api-proxy-cache`): treasury balances, token holders and
 * NFTs. A failed upstream answers empty data with the error in `meta.error` (spec §7), never a 500.
 */
import * as z from "zod/mini";
import {
  addressRecord,
  dataDocument,
  listDocument,
  pageLinksRecord,
  pageMetaRecord,
  resourceRecord,
} from "./jsonapi.ts";

/** The upstream failure a proxied answer carries instead of a 5xx. */
export const upstreamErrorMeta = z.object({
  error: z.object({
    title: z.string(),
    detail: z.string(),
    status: z.string(),
    code: z.optional(z.string()),
  }),
});

export const walletBalanceRecord = z.object({
  token_address: addressRecord,
  name: z.string(),
  symbol: z.string(),
  decimals: z.int(),
  logo: z.nullable(z.string()),
  /** Smallest unit, decimal string. */
  balance: z.string(),
  /** USD value of one whole token, decimal string. */
  price_usd: z.string(),
  usd_price: z.string(),
  balance_usd: z.string(),
});
export type WalletBalanceRecord = z.infer<typeof walletBalanceRecord>;

export const walletBalancesDocument = dataDocument(
  resourceRecord(
    "wallet-balances",
    z.object({ next_page_token: z.nullable(z.string()), balances: z.array(walletBalanceRecord) }),
  ),
  { meta: z.optional(upstreamErrorMeta) },
);

export const tokenHoldersDocument = dataDocument(
  resourceRecord(
    "token-holders-balances",
    z.object({
      /** Holder address → balance (smallest unit, decimal string). */
      holders_balances: z.record(z.string(), z.string()),
      total_holders: z.int(),
    }),
  ),
  { meta: z.union([pageMetaRecord, upstreamErrorMeta]), links: z.optional(pageLinksRecord) },
);

export const nftRecord = z.object({
  token_address: addressRecord,
  /** Decimal. */
  token_id: z.string(),
  name: z.nullable(z.string()),
  symbol: z.nullable(z.string()),
  owner: addressRecord,
});
export type NftRecord = z.infer<typeof nftRecord>;

export const nftListDocument = z.union([
  listDocument(resourceRecord("nfts", nftRecord)),
  z.object({ data: z.array(resourceRecord("nfts", nftRecord)), meta: upstreamErrorMeta }),
]);
