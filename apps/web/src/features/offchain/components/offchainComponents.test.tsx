import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offchainProposalRecord, proposalTypeRecord, resourceAnswer } from "../../../test/apiDocuments.ts";
import {
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../../test/renderWithProviders.tsx";
import { DEFAULT_TEMPLATE } from "../lib/template.ts";
import { CreateOffchainProposalForm } from "./CreateOffchainProposalForm.tsx";
import { OffchainProposalView } from "./OffchainProposalView.tsx";
import { TemplateForm } from "./TemplateForm.tsx";

// The DAO's token, for the amounts of voting power; a test may hold its read back with `tokenRead.gate`.
const tokenRead = vi.hoisted(() => ({ gate: null as Promise<void> | null }));
vi.mock("../../../shared/chain/readClient.ts", () => ({ useReadClient: () => ({}) }));
vi.mock("../../../shared/chain/daoAssets.ts", () => ({
  fetchDaoAssets: async () => {
    await tokenRead.gate;
    return {
      token: { address: "0x2222222222222222222222222222222222222222", symbol: "ACME", decimals: 6 },
    };
  },
}));

const POOL = "0x1111111111111111111111111111111111111111" as const;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

const proposal = offchainProposalRecord({
  pool_address: POOL,
  description: "Pick one",
  author: TEST_ACCOUNT.toLowerCase() as `0x${string}`,
  start_at: new Date(Date.now() - 60_000).toISOString(),
  end_at: new Date(Date.now() + 86_400_000).toISOString(),
  option_powers: ["60000000", "0"],
  total_power: "100000000",
  votes_count: 1,
});

describe("TemplateForm", () => {
  it("validates the template with core's rules before anything is sent", async () => {
    const { fn, calls } = fetchRoutes([]);
    vi.stubGlobal("fetch", fn);
    renderWithProviders(<TemplateForm chainId={31337} pool={POOL} />);
    type("Template name", "A very long template name over 30");
    type("Voting duration", "forever");
    fireEvent.click(screen.getByRole("button", { name: "Create proposal" }));
    expect(await screen.findByText("Must be at most 30 characters")).toBeInTheDocument();
    expect(screen.getByText("Please fill out this field")).toBeInTheDocument(); // proposal title
    expect(screen.getByText("Please enter a valid duration, e.g. 1Y 6Mon 2w 1d")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("refuses an edit that changes nothing", async () => {
    renderWithProviders(
      <TemplateForm chainId={31337} pool={POOL} initial={{ ...DEFAULT_TEMPLATE, name: "Grants" }} />,
    );
    type("Proposal title", "Tweak grants");
    fireEvent.click(screen.getByRole("button", { name: "Create proposal" }));
    expect(
      await screen.findByText("Nothing has been changed. Please change something before submitting."),
    ).toBeInTheDocument();
  });

  it("proposes a new template through create_proposal_type", async () => {
    const { fn, calls } = fetchRoutes([
      [/\/voting\/proposals$/, () => jsonResponse(resourceAnswer("proposals", "7", proposal), 201)],
    ]);
    vi.stubGlobal("fetch", fn);
    renderWithProviders(<TemplateForm chainId={31337} pool={POOL} />);
    type("Proposal title", "Add grants");
    type("Template name", "Grants");
    fireEvent.click(screen.getByLabelText("One of several options"));
    fireEvent.click(screen.getByRole("button", { name: "Create proposal" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = JSON.parse(String(calls[0]?.init?.body));
    expect(body.data.attributes).toMatchObject({
      type: "create_proposal_type",
      title: "Add grants",
      pool_address: POOL,
      custom_parameters: { name: "Grants", voting_type: "one_of", general_closing_percent: "50" },
    });
    // Each minimum power says what it is counted in.
    expect(await screen.findAllByText("In ACME, the DAO's voting token")).toHaveLength(4);
  });
});

describe("CreateOffchainProposalForm", () => {
  const grants = proposalTypeRecord("Grant round", { chain_id: 31337, pool_address: POOL });
  it("needs two options and keeps 'against' for votes against", async () => {
    renderWithProviders(<CreateOffchainProposalForm chainId={31337} pool={POOL} type={grants} />);
    type("Title", "Q3 grants");
    type("Option 1", "Alice");
    type("Option 2", "Against");
    fireEvent.click(screen.getByRole("button", { name: "Create proposal" }));
    expect(
      await screen.findByText('"against" is reserved for votes against the proposal'),
    ).toBeInTheDocument();
    type("Option 2", "alice");
    fireEvent.click(screen.getByRole("button", { name: "Create proposal" }));
    expect(await screen.findByText("This value is already in the list")).toBeInTheDocument();
  });
});

describe("OffchainProposalView", () => {
  it("shows no figure before the DAO's token is read, then says with how much of it the member voted", async () => {
    const voted = {
      ...proposal,
      option_powers: ["30000000000", "0"],
      total_power: "60000000000",
      user_vote: { options: [0], is_against: false, power: "30000000000" },
    };
    let release = () => {};
    tokenRead.gate = new Promise((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      "fetch",
      fetchRoutes([[/\/voting\/proposals\/7$/, () => jsonResponse(resourceAnswer("proposals", "7", voted))]])
        .fn,
    );
    renderWithProviders(
      <OffchainProposalView chainId={31337} pool={POOL} id="7" account={TEST_ACCOUNT} isSignedIn />,
    );
    // Until the token arrives its 6 decimals are unknown: no result and no vote on 18 assumed decimals.
    expect(await screen.findByText("Loading the results…")).toBeInTheDocument();
    expect(screen.queryByTestId("offchain-result")).toBeNull();
    expect(screen.queryByTestId("offchain-user-vote")).toBeNull();
    release();
    tokenRead.gate = null;
    const vote = await screen.findByTestId("offchain-user-vote");
    expect(vote).toHaveTextContent(`You voted ${proposal.vote_options[0]} with 30,000 ACME`);
    expect(screen.getAllByTestId("offchain-result")[0]).toHaveTextContent("30,000 ACME · 50.00%");
  });

  it("shows status, timeline and results, and sends the chosen option", async () => {
    const { fn, calls } = fetchRoutes([
      [/\/voting\/proposals\/7$/, () => jsonResponse(resourceAnswer("proposals", "7", proposal))],
      [
        /\/voting\/vote$/,
        (_url, init) => {
          const { options } = JSON.parse(String(init?.body)).data.attributes;
          return jsonResponse(
            resourceAnswer("votes", `7:${TEST_ACCOUNT.toLowerCase()}`, {
              proposal_id: "7",
              voter_address: TEST_ACCOUNT.toLowerCase(),
              options,
              is_against: false,
              power: "1",
              proposal,
            }),
            201,
          );
        },
      ],
    ]);
    vi.stubGlobal("fetch", fn);
    renderWithProviders(
      <OffchainProposalView chainId={31337} pool={POOL} id="7" account={TEST_ACCOUNT} isSignedIn />,
    );
    expect(await screen.findByRole("heading", { name: "Q3 grants" })).toBeInTheDocument();
    expect(screen.getByTestId("offchain-status")).toHaveTextContent("Members voting");
    expect(screen.getByText(/Member voting end/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId("offchain-result")[0]).toHaveTextContent("60 ACME · 60.00%"),
    );
    fireEvent.click(screen.getByLabelText("Bob"));
    fireEvent.click(screen.getByRole("button", { name: "Vote" }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith("/vote"))).toBe(true));
    const vote = calls.find((c) => c.url.pathname.endsWith("/vote"));
    expect(JSON.parse(String(vote?.init?.body)).data.attributes).toEqual({
      proposal_id: "7",
      voter_address: TEST_ACCOUNT,
      options: ["Bob"],
    });
  });
});
