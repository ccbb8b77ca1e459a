-- Row counts kept by triggers so the unfiltered lists answer their total without scanning a page's
-- or a DAO's rows on every request.
CREATE TABLE api.comment_page_counts (
  chain_id   integer NOT NULL,
  page_id    text NOT NULL,
  top_level  integer NOT NULL DEFAULT 0,
  total      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (chain_id, page_id)
);
INSERT INTO api.comment_page_counts (chain_id, page_id, top_level, total)
  SELECT chain_id, page_id, count(*) FILTER (WHERE parent_id IS NULL), count(*)
    FROM api.comments GROUP BY chain_id, page_id;

CREATE FUNCTION api.count_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO api.comment_page_counts AS c (chain_id, page_id, top_level, total)
      VALUES (NEW.chain_id, NEW.page_id, CASE WHEN NEW.parent_id IS NULL THEN 1 ELSE 0 END, 1)
      ON CONFLICT (chain_id, page_id) DO UPDATE
        SET top_level = c.top_level + EXCLUDED.top_level, total = c.total + 1;
    RETURN NEW;
  END IF;
  UPDATE api.comment_page_counts
     SET top_level = top_level - CASE WHEN OLD.parent_id IS NULL THEN 1 ELSE 0 END, total = total - 1
   WHERE chain_id = OLD.chain_id AND page_id = OLD.page_id;
  RETURN OLD;
END $$;
CREATE TRIGGER comments_counted AFTER INSERT OR DELETE ON api.comments
  FOR EACH ROW EXECUTE FUNCTION api.count_comments();

CREATE TABLE api.offchain_pool_counts (
  chain_id      integer NOT NULL,
  pool_address  text NOT NULL,
  total         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (chain_id, pool_address)
);
INSERT INTO api.offchain_pool_counts (chain_id, pool_address, total)
  SELECT chain_id, pool_address, count(*) FROM api.offchain_proposals GROUP BY chain_id, pool_address;

CREATE FUNCTION api.count_offchain_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO api.offchain_pool_counts AS c (chain_id, pool_address, total)
      VALUES (NEW.chain_id, NEW.pool_address, 1)
      ON CONFLICT (chain_id, pool_address) DO UPDATE SET total = c.total + 1;
    RETURN NEW;
  END IF;
  UPDATE api.offchain_pool_counts SET total = total - 1
   WHERE chain_id = OLD.chain_id AND pool_address = OLD.pool_address;
  RETURN OLD;
END $$;
CREATE TRIGGER offchain_proposals_counted AFTER INSERT OR DELETE ON api.offchain_proposals
  FOR EACH ROW EXECUTE FUNCTION api.count_offchain_proposals();
