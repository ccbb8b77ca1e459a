import {
  castVoteDocument,
  type OffchainProposalRecord,
  offchainProposalDocument,
  offchainProposalListDocument,
  type ProposalTypeRecord,
  proposalTypeDocument,
  proposalTypesDocument,
  type SubmittedResultsRecord,
  submittedResultsDocument,
  type TemplateParameters,
} from "@polity/core/records/voting";
import type { Address } from "viem";
import { api } from "../../../shared/http/api.ts";

const BASE = "/integrations/voting";

export type { TemplateParameters };
export type ProposalType = ProposalTypeRecord;
export type OffchainProposal = OffchainProposalRecord & { id: string };
export type SubmittedResults = SubmittedResultsRecord;

const typesPath = `${BASE}/proposal-types`;

export async function listProposalTypes(chainId: number, pool: Address): Promise<ProposalType[]> {
  const res = await api.get(typesPath, {
    schema: proposalTypesDocument,
    query: { filter: { chain_id: chainId, pool_address: pool } },
  });
  return res.data.map((r) => r.attributes);
}

export async function getProposalType(chainId: number, pool: Address, name: string): Promise<ProposalType> {
  const res = await api.get(`${typesPath}/${chainId}/${pool}/${encodeURIComponent(name)}`, {
    schema: proposalTypeDocument,
  });
  return res.data.attributes;
}

export async function listProposals(chainId: number, pool: Address): Promise<OffchainProposal[]> {
  const res = await api.get(`${BASE}/proposals`, {
    schema: offchainProposalListDocument,
    query: { filter: { chain_id: chainId, pool_address: pool }, page: { limit: 100 } },
  });
  return res.data.map((r) => ({ ...r.attributes, id: r.id }));
}

export async function getProposal(id: string): Promise<OffchainProposal> {
  const res = await api.get(`${BASE}/proposals/${id}`, { schema: offchainProposalDocument });
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
  const res = await api.post(
    `${BASE}/proposals`,
    { data: { type: "proposals", attributes: input } },
    { schema: offchainProposalDocument },
  );
  return { ...res.data.attributes, id: res.data.id };
}

export async function castVote(proposalId: string, voter: Address, options: string[]): Promise<void> {
  await api.post(
    `${BASE}/vote`,
    { data: { type: "votes", attributes: { proposal_id: proposalId, voter_address: voter, options } } },
    { schema: castVoteDocument },
  );
}

export async function cancelVote(proposalId: string, voter: Address): Promise<void> {
  await api.delete(`${BASE}/vote/${proposalId}/${voter}`);
}

/** Asks the api to tally finished proposals of a type and sign the results for GovPool.saveOffchainResults. */
export async function submitResults(chainId: number, type: string, pool: Address): Promise<SubmittedResults> {
  const res = await api.post(
    `${BASE}/proposals/submit`,
    { data: { type: "submit", attributes: { chain_id: chainId, proposal_type: type, pool_address: pool } } },
    { schema: submittedResultsDocument },
  );
  return res.data.attributes;
}
