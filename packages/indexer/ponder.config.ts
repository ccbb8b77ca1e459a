import {
  distributionProposalAbi,
  erc20GovAbi,
  expertNftAbi,
  govPoolAbi,
  govSettingsAbi,
  govValidatorsAbi,
  poolFactoryAbi,
  priceFeedAbi,
  stakingProposalAbi,
  tokenSaleProposalAbi,
  userRegistryAbi,
} from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import { createConfig, factory } from "ponder";
import { erc721Abi, getAbiItem } from "viem";
import { indexedChains } from "./src/chains.ts";

/**
 * One Ponder chain per chain that has protocol addresses: the local chain always (development and
 * tests), every other chain only when its `RPC_URL_<chainId>` is configured.
 */
const chains = indexedChains(deployments, process.env);

const daoPoolDeployed = getAbiItem({ abi: poolFactoryAbi, name: "DaoPoolDeployed" });

/** Per-chain address config of a contract created by PoolFactory, read from `DaoPoolDeployed`. */
type ChildParameter = "govPool" | "settings" | "validators" | "token" | "nft" | "expertNft";
const child = (parameter: ChildParameter) =>
  Object.fromEntries(
    chains.map((c) => [
      c.name,
      {
        address: factory({ address: c.poolFactory, event: daoPoolDeployed, parameter }),
        startBlock: c.startBlock,
      },
    ]),
  );

const daoExecutorsDeployed = getAbiItem({ abi: poolFactoryAbi, name: "DaoExecutorsDeployed" });
const daoStakingDeployed = getAbiItem({ abi: poolFactoryAbi, name: "DaoStakingDeployed" });

/** Per-chain address config of a DAO executor, read from `DaoExecutorsDeployed` (the staking executor from
 * `DaoStakingDeployed`). */
const executor = (parameter: "tokenSale" | "distribution" | "staking") =>
  Object.fromEntries(
    chains.map((c) => [
      c.name,
      {
        address:
          parameter === "staking"
            ? factory({ address: c.poolFactory, event: daoStakingDeployed, parameter })
            : factory({ address: c.poolFactory, event: daoExecutorsDeployed, parameter }),
        startBlock: c.startBlock,
      },
    ]),
  );

export default createConfig({
  database: process.env.DATABASE_URL
    ? { kind: "postgres", connectionString: process.env.DATABASE_URL }
    : { kind: "pglite" },
  chains: Object.fromEntries(
    chains.map((c) => [
      c.name,
      {
        id: c.id,
        rpc: c.rpc,
        ethGetLogsBlockRange: c.ethGetLogsBlockRange,
        // The local node mines on demand: poll fast and never cache its (throw-away) history.
        pollingInterval: c.id === 31337 ? 500 : 2_000,
        disableCache: c.id === 31337,
      },
    ]),
  ),
  // The end of each block from the indexer's start on (so not the backfill's blocks): the treasuries refreshed in the
  // block are read there, all at once (src/handlers/treasury.ts).
  blocks: {
    TreasuryTick: {
      chain: Object.fromEntries(chains.map((c) => [c.name, { startBlock: "latest" as const, interval: 1 }])),
    },
  },
  contracts: {
    PoolFactory: {
      abi: poolFactoryAbi,
      chain: Object.fromEntries(
        chains.map((c) => [c.name, { address: c.poolFactory, startBlock: c.startBlock }]),
      ),
    },
    PriceFeed: {
      abi: priceFeedAbi,
      chain: Object.fromEntries(
        chains.flatMap((c) =>
          c.priceFeed ? [[c.name, { address: c.priceFeed, startBlock: c.startBlock }] as const] : [],
        ),
      ),
    },
    GovPool: { abi: govPoolAbi, chain: child("govPool") },
    GovSettings: { abi: govSettingsAbi, chain: child("settings") },
    GovValidators: { abi: govValidatorsAbi, chain: child("validators") },
    GovToken: { abi: erc20GovAbi, chain: child("token") },
    GovNft: { abi: erc721Abi, chain: child("nft") },
    ExpertNft: { abi: expertNftAbi, chain: child("expertNft") },
    TokenSale: { abi: tokenSaleProposalAbi, chain: executor("tokenSale") },
    Distribution: { abi: distributionProposalAbi, chain: executor("distribution") },
    Staking: { abi: stakingProposalAbi, chain: executor("staking") },
    // The protocol-wide record of members' agreements to the privacy policy, when the chain has one.
    UserRegistry: {
      abi: userRegistryAbi,
      chain: Object.fromEntries(
        chains.flatMap((c) => {
          const address = deployments[c.id]?.UserRegistry;
          return address ? [[c.name, { address, startBlock: c.startBlock }] as const] : [];
        }),
      ),
    },
    // The protocol-wide expert badge (global experts), when the chain has one.
    GlobalExpertNft: {
      abi: expertNftAbi,
      chain: Object.fromEntries(
        chains.flatMap((c) =>
          c.globalExpertNft
            ? [[c.name, { address: c.globalExpertNft, startBlock: c.startBlock }] as const]
            : [],
        ),
      ),
    },
  },
});
