import { before, describe } from "node:test";
import { govPoolAbi } from "@polity/core/generated/contracts";
import type { Address, Hex } from "viem";
import type { RunningStack } from "../../scripts/stack.ts";
import { openPageAs } from "./app.ts";
import type { LaunchedBrowser } from "./browser.ts";
import { readClient, seededDao, sendAs, sendAsContract } from "./chain.ts";
import { freshBrowserPerTest, need } from "./session.ts";
import { useStack } from "./stack.ts";

type SeededAddresses = Awaited<ReturnType<typeof seededDao>>;
type ProposalAction = { executor: Address; value: bigint; data: Hex };

/**
 * A file's flows on one DAO of the demo seed: `suite.describe` is the file's one suite, with the stack and
 * the DAO's addresses read before its tests, and for each test a fresh browser (no storage from the test
 * before) and the chain reverted after it. Pages open signed in with `openAs`.
 */
export function seededDaoSuite(daoName: string) {
  let stack: RunningStack | undefined;
  let dao: SeededAddresses | undefined;
  let browser: LaunchedBrowser | undefined;

  const suite = {
    get stack() {
      return need(stack, "stack");
    },
    /** The DAO's pool, token and helper contracts, as the pool factory predicts them. */
    get dao() {
      return need(dao, "dao");
    },
    /** A public client on the stack's node. */
    client: () => readClient(suite.stack.urls.rpc),
    /** A new page of the test's browser with `key`'s wallet, opened at `path` and signed in. */
    openAs: (key: Hex, path: string) => openPageAs(need(browser, "browser"), suite.stack, key, path),
    /** A call made by the DAO itself (as a passed proposal would make it). */
    asPool: (to: Address, data: Hex) => sendAsContract(suite.stack.urls.rpc, suite.dao.govPool, to, data),
    /** `key` votes `amount` for proposal `id` of the DAO, straight through the node. */
    vote: (key: Hex, id: bigint, amount: bigint) =>
      sendAs(suite.stack.urls.rpc, key, {
        address: suite.dao.govPool,
        abi: govPoolAbi,
        functionName: "vote",
        args: [id, true, amount, []],
      }),
    /** `key` executes proposal `id` of the DAO (`actions`: its actions on for), straight through the node. */
    execute: (key: Hex, id: bigint, actions: readonly ProposalAction[]) =>
      sendAs(suite.stack.urls.rpc, key, {
        address: suite.dao.govPool,
        abi: govPoolAbi,
        functionName: "execute",
        args: [id, actions, []],
      }),
    /**
     * The file's one `describe` with the suite's hooks: with the runner in one process (one shared
     * stack), top-level hooks would run for every file's tests.
     */
    describe(title: string, tests: () => void) {
      describe(title, () => {
        before(async () => {
          stack = await useStack();
          dao = await seededDao(stack.urls.rpc, daoName);
        });
        freshBrowserPerTest(
          () => suite.stack,
          (launched) => {
            browser = launched.browser;
          },
        );
        tests();
      });
    },
  };
  return suite;
}
