-- A page's top-level comments in list order, without reading past the replies.
CREATE INDEX comments_top_level_idx ON api.comments (chain_id, page_id, created_at DESC, id DESC)
  WHERE parent_id IS NULL;
-- A comment's likes and dislikes counted from the index alone.
CREATE INDEX comment_reactions_type_idx ON api.comment_reactions (comment_id, type);
-- A reader's reactions to the comments of a page.
CREATE INDEX comment_reactions_user_idx ON api.comment_reactions (user_address, comment_id) INCLUDE (type);
