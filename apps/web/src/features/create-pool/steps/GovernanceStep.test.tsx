import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { GovernanceStep } from "./GovernanceStep.tsx";

const client = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("../../../shared/chain/readClient.ts", () => ({ useReadClient: () => client.current as ReadClient }));

const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const NFT = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const EMPTY = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";

/** A chain where TOKEN is an ERC-20, NFT an ERC-721 collection and EMPTY has no code. */
function fakeChain() {
  const readContract = async ({
    address,
    functionName,
    args,
  }: {
    address: string;
    functionName: string;
    args?: unknown[];
  }) => {
    const isNft = address === NFT;
    switch (functionName) {
      case "supportsInterface":
        if (!isNft) throw new Error("execution reverted");
        return args?.[0] === "0x80ac58cd";
      case "name":
        return isNft ? "Builders Pass" : "Lisbon Token";
      case "symbol":
        return isNft ? "PASS" : "LSB";
      case "decimals":
        if (isNft) throw new Error("execution reverted");
        return 18;
      case "totalSupply":
        return 1_000n * 10n ** 18n;
      default:
        throw new Error(`unexpected ${functionName}`);
    }
  };
  type Call = Parameters<typeof readContract>[0];
  return {
    getCode: async ({ address }: { address: string }) => (address === EMPTY ? undefined : "0x6080"),
    // One multicall answers each read, or its revert, like the chain's multicall with allowFailure.
    multicall: async ({ contracts }: { contracts: Call[] }) =>
      Promise.all(
        contracts.map((call) =>
          readContract(call).then(
            (result) => ({ status: "success" as const, result }),
            (error: Error) => ({ status: "failure" as const, error }),
          ),
        ),
      ),
  };
}

const PATH = "/create-pool/governance";
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));

describe("Governance (step 2)", () => {
  beforeEach(() => {
    client.current = fakeChain();
  });

  it("needs a token, an NFT or both", async () => {
    renderStep(PATH, <GovernanceStep />);
    fireEvent.click(screen.getByLabelText("An ERC-20 token"));
    submit();
    expect(await screen.findByText("Choose a governance token, an NFT, or both")).toBeTruthy();
  });

  it("goes to token creation when the DAO creates its token", async () => {
    renderStep(PATH, <GovernanceStep />);
    submit();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/token"));
  });

  it("checks an imported token's address", async () => {
    renderStep(PATH, <GovernanceStep />);
    fireEvent.click(screen.getByLabelText("Use an existing token"));
    submit();
    expect(await screen.findByText("Please fill out this field")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Token address"), { target: { value: "0x1234" } });
    submit();
    expect(await screen.findByText("Please enter a valid address")).toBeTruthy();
  });

  it("rejects a token that is not found", async () => {
    renderStep(PATH, <GovernanceStep />, {
      tokenSource: "existing",
      userKeeperParams: { tokenAddress: EMPTY, nftAddress: "", individualPower: "", nftsTotalSupply: "" },
    });
    submit();
    expect(await screen.findByText("Token not found")).toBeTruthy();
  });

  it("rejects an NFT given where a token is expected", async () => {
    renderStep(PATH, <GovernanceStep />, {
      tokenSource: "existing",
      userKeeperParams: { tokenAddress: NFT, nftAddress: "", individualPower: "", nftsTotalSupply: "" },
    });
    submit();
    expect(await screen.findByText("This address is an NFT, not a token")).toBeTruthy();
  });

  it("imports an existing token and skips token creation", async () => {
    renderStep(PATH, <GovernanceStep />, {
      tokenSource: "existing",
      userKeeperParams: { tokenAddress: TOKEN, nftAddress: "", individualPower: "", nftsTotalSupply: "" },
    });
    submit();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/voting"));
    expect(loadDraft().importedToken).toEqual({
      name: "Lisbon Token",
      symbol: "LSB",
      decimals: 18,
      totalSupply: (1_000n * 10n ** 18n).toString(),
    });
  });

  it("checks the NFT collection and its power", async () => {
    renderStep(PATH, <GovernanceStep />, { isErc20: false, isErc721: true });
    submit();
    expect((await screen.findAllByText("Please fill out this field")).length).toBe(2);
    fireEvent.change(screen.getByLabelText("NFT collection address"), { target: { value: TOKEN } });
    fireEvent.change(screen.getByLabelText("Voting power of one NFT"), { target: { value: "0" } });
    submit();
    expect(await screen.findByText("Must be greater than 0")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Voting power of one NFT"), { target: { value: "100" } });
    submit();
    expect(await screen.findByText("This address is an ERC-20 token, not an NFT collection")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("NFT collection address"), { target: { value: NFT } });
    submit();
    // Not enumerable: the collection size is needed.
    expect(await screen.findByText("Please fill out this field")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("NFT collection size"), { target: { value: "500" } });
    submit();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/voting"));
    expect(loadDraft().importedNft).toEqual({ name: "Builders Pass", symbol: "PASS" });
  });
});
