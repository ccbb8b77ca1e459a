-- Who uploaded what and how large: each account may upload a limited number of bytes per day.
CREATE TABLE api.ipfs_uploads (
  id          bigserial PRIMARY KEY,
  account     text NOT NULL,
  cid         text NOT NULL,
  size        integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ipfs_uploads_account_idx ON api.ipfs_uploads (account, created_at);
