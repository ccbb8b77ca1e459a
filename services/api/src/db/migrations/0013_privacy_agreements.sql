-- Agreements to the privacy policy given at sign-in: the account's EIP-712 signature of the policy's hash
-- for one chain's UserRegistry, kept so the account's first transaction there records it on chain without
-- asking again. One per account, chain, registry and policy (a new policy needs a new signature).
CREATE TABLE api.privacy_agreements (
  account        text NOT NULL,
  chain_id       integer NOT NULL,
  registry       text NOT NULL,
  document_hash  text NOT NULL,
  signature      text NOT NULL,
  agreed_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, chain_id, registry, document_hash)
);
