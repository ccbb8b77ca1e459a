-- Content-addressed documents (CIDv1); the CID is derived from the bytes so rows never change.
CREATE TABLE api.ipfs_documents (
  cid           text PRIMARY KEY,
  content_type  text NOT NULL,
  bytes         bytea NOT NULL,
  size          integer NOT NULL,
  pinned_at     timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Which metadata document a pool or a proposal points to.
CREATE TABLE api.ipfs_pool_links (
  chain_id      integer NOT NULL,
  pool_address  text NOT NULL,
  cid           text NOT NULL REFERENCES api.ipfs_documents (cid),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, pool_address)
);
CREATE TABLE api.ipfs_proposal_links (
  chain_id      integer NOT NULL,
  pool_address  text NOT NULL,
  proposal_id   text NOT NULL,
  cid           text NOT NULL REFERENCES api.ipfs_documents (cid),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, pool_address, proposal_id)
);
