-- Who asked for each sign-in nonce (the client's IP), so that open nonces are capped per address and
-- client: asking again replaces the asker's own oldest nonce, never another client's.
ALTER TABLE api.auth_nonces ADD COLUMN requester text;
CREATE INDEX auth_nonces_requester_idx ON api.auth_nonces (address, requester, created_at DESC)
  WHERE used_at IS NULL;
DROP INDEX api.auth_nonces_address_idx;
