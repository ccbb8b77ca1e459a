-- Deleting a comment that others answered keeps it as an empty placeholder, so their replies stay:
-- a reply is never deleted with its parent (RESTRICT instead of CASCADE).
ALTER TABLE api.comments ADD COLUMN deleted_at timestamptz;
ALTER TABLE api.comments DROP CONSTRAINT comments_parent_id_fkey;
ALTER TABLE api.comments
  ADD CONSTRAINT comments_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES api.comments (id) ON DELETE RESTRICT;
