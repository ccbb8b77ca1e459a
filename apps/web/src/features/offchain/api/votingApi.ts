import type { OffchainVotingType } from "@polity/core/enums";
import type { OffchainProposalStatus } from "@polity/core/proposalStates";
import type { Address } from "viem";
import { api } from "../../../shared/http/api.ts";

const BASE = "/integrations/voting";

/** Template parameters as the api stores them (voting_duration in seconds once stored). */
export interface TemplateParameters {
  name: string;
  description?: string;
  voting_type: OffchainVotingType;
  use_delegated: boolean;
  voting_duration: number | string;
  for_percent?: string;
  against_percent?: string;
  general_closing_percent?: string;
  anticipatory_closing_percent?: string;
  boundary_percent?: string;
  minimal_vote_power: string;
  minimal_create_proposal_power: string;
  minimal_comment_read_power: string;
  minimal_comment_create_power: string;
}

export interface ProposalType {
  name: string;
  title: string;
  description: string;
  voting_type: OffchainVotingType;
  parameters: TemplateParameters;
  is_built_in: boolean;
}

export interface OffchainProposal {
  id: string;
  chain_id: number;
  pool_address: string;
  type: string;
  title: string;
  description: string;
  author: string;
  voting_type: OffchainVotingType;
  vote_options: string[];
  custom_parameters: Record<string, unknown>;
  parameters: TemplateParameters;
  snapshot_block: string;
  total_power: string;
  start_at: string;
  end_at: string;
  status: OffchainProposalStatus;
  option_powers: string[];
  against_power: string;
  votes_count: number;
  results_hash: string | null;
  execution_error: string | null;
  user_vote: { options: number[]; is_against: boolean; power: string } | null;
}

interface Resource<T> {
  id: string;
  attributes: T;
}

const typesPath = `${BASE}/proposal-types`;

export async function listProposalTypes(chainId: number, pool: Address): Promise<ProposalType[]> {
  const res = await api.get<{ data: Resource<ProposalType>[] }>(typesPath, {
    query: { filter: { chain_id: chainId, pool_address: pool } },
  });
  return res.data.map((r) => r.attributes);
}

export async function getProposalType(chainId: number, pool: Address, name: string): Promise<ProposalType> {
  const res = await api.get<{ data: Resource<ProposalType> }>(
    `${typesPath}/${chainId}/${pool}/${encodeURIComponent(name)}`,
  );
  return res.data.attributes;
}

export async function listProposals(chainId: number, pool: Address): Promise<OffchainProposal[]> {
  const res = await api.get<{ data: Resource<Omit<OffchainProposal, "id">>[] }>(`${BASE}/proposals`, {
    query: { filter: { chain_id: chainId, pool_address: pool }, page: { limit: 100 } },
  });
  return res.data.map((r) => ({ ...r.attributes, id: r.id }));
}

export async function getProposal(id: string): Promise<OffchainProposal> {
  const res = await api.get<{ data: Resource<Omit<OffchainProposal, "id">> }>(`${BASE}/proposals/${id}`);
  return { ...res.data.attributes, id: res.data.id };
}

export interface CreateProposalInput {
  type: string;
  title: string;
  description: string;
  chain_id: number;
  pool_address: string;
  vote_options: string[];
  custom_parameters?: Record<string, unknown>;
}

export async function createProposal(input: CreateProposalInput): Promise<OffchainProposal> {
  const res = await api.post<{ data: Resource<Omit<OffchainProposal, "id">> }>(`${BASE}/proposals`, {
    data: { type: "proposals", attributes: input },
  });
  return { ...res.data.attributes, id: res.data.id };
}

export async function castVote(proposalId: string, voter: Address, options: string[]): Promise<void> {
  await api.post(`${BASE}/vote`, {
    data: { type: "votes", attributes: { proposal_id: proposalId, voter_address: voter, options } },
  });
}

export async function cancelVote(proposalId: string, voter: Address): Promise<void> {
  await api.delete(`${BASE}/vote/${proposalId}/${voter}`);
}

export interface SubmittedResults {
  results_hash: string;
  signature: `0x${string}`;
  nonce: string;
  verifier: string;
}

/** Asks the api to tally finished proposals of a type and sign the results for GovPool.saveOffchainResults. */
export async function submitResults(chainId: number, type: string, pool: Address): Promise<SubmittedResults> {
  const res = await api.post<{ data: Resource<SubmittedResults> }>(`${BASE}/proposals/submit`, {
    data: { type: "submit", attributes: { chain_id: chainId, proposal_type: type, pool_address: pool } },
  });
  return res.data.attributes;
}
