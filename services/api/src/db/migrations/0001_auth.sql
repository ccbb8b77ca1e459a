-- Sign-In with Ethereum nonces: single use, short lived.
CREATE TABLE api.auth_nonces (
  nonce       text PRIMARY KEY,
  address     text NOT NULL,
  chain_id    integer NOT NULL,
  domain      text NOT NULL,
  message     text NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_nonces_expires_idx ON api.auth_nonces (expires_at);
CREATE INDEX auth_nonces_address_idx ON api.auth_nonces (address, created_at DESC);

-- Refresh tokens rotate; every token of a login shares a family so reuse revokes the whole family.
CREATE TABLE api.refresh_tokens (
  jti         uuid PRIMARY KEY,
  family_id   uuid NOT NULL,
  address     text NOT NULL,
  chain_id    integer NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON api.refresh_tokens (family_id);
