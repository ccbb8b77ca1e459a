-- Every signed off-chain results document. A pool's verifier signs one document per on-chain nonce:
-- while the latest one is not saved on chain (the pool's nonce has not moved), asking again returns it.
CREATE TABLE api.offchain_submissions (
  id             bigserial PRIMARY KEY,
  chain_id       integer NOT NULL,
  pool_address   text NOT NULL,
  proposal_type  text NOT NULL,
  results_hash   text NOT NULL,
  nonce          numeric(78, 0) NOT NULL,
  signature      text NOT NULL,
  verifier       text NOT NULL,
  proposals      jsonb NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, pool_address, nonce)
);
