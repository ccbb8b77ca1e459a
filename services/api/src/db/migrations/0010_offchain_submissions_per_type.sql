-- A pool's verifier signs one document per proposal type and on-chain nonce: an unsaved document of one
-- type never blocks the others. Documents of several types may share a nonce; the first saved on chain
-- wins and the others are signed again at the next nonce, which needs the block each was signed at.
ALTER TABLE api.offchain_submissions
  DROP CONSTRAINT offchain_submissions_chain_id_pool_address_nonce_key,
  ADD CONSTRAINT offchain_submissions_type_nonce_key UNIQUE (chain_id, pool_address, proposal_type, nonce),
  ADD COLUMN signed_block numeric(78, 0);
