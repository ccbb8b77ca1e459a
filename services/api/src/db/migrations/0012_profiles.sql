-- Public profiles: one row per address (lower-cased), written by its owner's signed session.
CREATE TABLE api.profiles (
  address       text PRIMARY KEY,
  name          text NOT NULL DEFAULT '',
  avatar_url    text NOT NULL DEFAULT '',
  bio           text NOT NULL DEFAULT '',
  social_links  jsonb NOT NULL DEFAULT '[]',
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- DAOs an address follows: pinned at the top of its DAO list.
CREATE TABLE api.followed_daos (
  address       text NOT NULL,
  chain_id      integer NOT NULL,
  pool_address  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (address, chain_id, pool_address)
);
