CREATE TABLE api.comments (
  id            bigserial PRIMARY KEY,
  chain_id      integer NOT NULL,
  page_id       text NOT NULL,
  pool_address  text NOT NULL,
  author        text NOT NULL,
  parent_id     bigint REFERENCES api.comments (id) ON DELETE CASCADE,
  content       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_page_idx ON api.comments (chain_id, page_id, created_at DESC, id DESC);
CREATE INDEX comments_parent_idx ON api.comments (parent_id);
CREATE INDEX comments_author_idx ON api.comments (author);

-- One reaction per user per comment: 1 like, 2 dislike.
CREATE TABLE api.comment_reactions (
  comment_id    bigint NOT NULL REFERENCES api.comments (id) ON DELETE CASCADE,
  user_address  text NOT NULL,
  type          smallint NOT NULL CHECK (type IN (1, 2)),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_address)
);
