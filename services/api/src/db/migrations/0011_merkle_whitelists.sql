-- Merkle whitelists of token sale tiers (OpenZeppelin StandardMerkleTree of [address]), by root: the DAO's
-- proposal puts the root on chain, buyers ask the api for their proof.
CREATE TABLE api.merkle_whitelists (
  root          text PRIMARY KEY,
  chain_id      integer NOT NULL,
  pool_address  text NOT NULL,
  addresses     jsonb NOT NULL,
  tree          jsonb NOT NULL,
  created_by    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX merkle_whitelists_pool_idx ON api.merkle_whitelists (chain_id, pool_address);
