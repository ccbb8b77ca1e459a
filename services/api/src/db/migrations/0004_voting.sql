-- Off-chain proposal types (templates) per DAO.
CREATE TABLE api.proposal_types (
  id            bigserial PRIMARY KEY,
  chain_id      integer NOT NULL,
  pool_address  text NOT NULL,
  name          text NOT NULL,
  title         text NOT NULL,
  description   text NOT NULL DEFAULT '',
  voting_type   text NOT NULL,
  parameters    jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, pool_address, name)
);

CREATE TABLE api.offchain_proposals (
  id              bigserial PRIMARY KEY,
  chain_id        integer NOT NULL,
  pool_address    text NOT NULL,
  type            text NOT NULL,
  title           text NOT NULL,
  description     text NOT NULL DEFAULT '',
  author          text NOT NULL,
  voting_type     text NOT NULL,
  vote_options    jsonb NOT NULL,
  custom_parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- the type's parameters as they were when the proposal was created
  parameters      jsonb NOT NULL,
  snapshot_block  bigint NOT NULL,
  total_power     numeric(78, 0) NOT NULL,
  start_at        timestamptz NOT NULL DEFAULT now(),
  end_at          timestamptz NOT NULL,
  -- outcome if voting ended now (1 approved, 2 rejected), kept up to date on every vote
  outcome         smallint NOT NULL DEFAULT 2,
  closed_early    boolean NOT NULL DEFAULT false,
  -- 3 executed / 4 execution failed once results were submitted
  final_status    smallint,
  results_hash    text,
  execution_error text,
  option_powers   jsonb NOT NULL DEFAULT '[]'::jsonb,
  against_power   numeric(78, 0) NOT NULL DEFAULT 0,
  votes_count     integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offchain_proposals_pool_idx ON api.offchain_proposals (chain_id, pool_address, id DESC);
CREATE INDEX offchain_proposals_author_idx ON api.offchain_proposals (author);

CREATE TABLE api.offchain_votes (
  proposal_id     bigint NOT NULL REFERENCES api.offchain_proposals (id) ON DELETE CASCADE,
  voter_address   text NOT NULL,
  options         jsonb NOT NULL,
  is_against      boolean NOT NULL DEFAULT false,
  power           numeric(78, 0) NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (proposal_id, voter_address)
);
CREATE INDEX offchain_votes_voter_idx ON api.offchain_votes (voter_address);
