import { createHash } from "node:crypto";
import type pg from "pg";
import type { Address } from "viem";
import { type Db, withTransaction } from "../../db/pool.ts";
import { notFound } from "../../http/errors.ts";

/** SQLSTATE of a foreign key violation: the parent was deleted while a reply was being written. */
const FOREIGN_KEY_VIOLATION = "23503";

export interface CommentRow {
  id: string;
  chain_id: number;
  page_id: string;
  pool_address: Address;
  author: Address;
  parent_id: string | null;
  content: string;
  created_at: Date;
  updated_at: Date;
  likes: number;
  dislikes: number;
  replies_count: number;
  user_reaction: number | null;
  /** Deleted by its author but kept, empty, for the replies others wrote under it. */
  is_deleted: boolean;
}

export interface ListFilter {
  chainId: number;
  pageId: string;
  parentId: string | null | undefined; // undefined: top-level only
  poolAddress?: string | undefined;
  author?: string | undefined;
}

/** Comments with their counts; `userReaction` is the SQL of the reader's reaction to each. */
const selectComments = (userReaction: string) => `
  SELECT c.id::text, c.chain_id, c.page_id, c.pool_address, c.author, c.parent_id::text, c.content,
         c.created_at, c.updated_at, c.deleted_at IS NOT NULL AS is_deleted,
         (SELECT count(*)::int FROM api.comment_reactions r WHERE r.comment_id = c.id AND r.type = 1) AS likes,
         (SELECT count(*)::int FROM api.comment_reactions r WHERE r.comment_id = c.id AND r.type = 2) AS dislikes,
         (SELECT count(*)::int FROM api.comments ch WHERE ch.parent_id = c.id) AS replies_count,
         ${userReaction} AS user_reaction
    FROM api.comments c`;

const SELECT = selectComments(
  "(SELECT r.type FROM api.comment_reactions r WHERE r.comment_id = c.id AND r.user_address = $1)",
);

/** A page's comments as everyone sees them: the reader's own reactions are read apart (`reactionsOf`). */
const LIST_SELECT = selectComments("NULL::smallint");

/** A name for a statement's text, so Postgres parses and plans each list query once per connection. */
const statementName = (text: string) =>
  `comments_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;

export class CommentsRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction: a reply and the notification of it are stored together or not at all. */
  transaction<T>(work: (q: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.db, work);
  }

  async insert(
    c: {
      chainId: number;
      pageId: string;
      poolAddress: string;
      author: string;
      parentId: string | null;
      content: string;
    },
    q: Db | pg.PoolClient = this.db,
  ): Promise<string> {
    try {
      const { rows } = await q.query<{ id: string }>(
        `INSERT INTO api.comments (chain_id, page_id, pool_address, author, parent_id, content)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
        [c.chainId, c.pageId, c.poolAddress, c.author, c.parentId, c.content],
      );
      return rows[0]!.id;
    } catch (err) {
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
        throw notFound("errors.api.parentCommentNotFound", {}, { parent_id: c.parentId });
      }
      throw err;
    }
  }

  async find(id: string, viewer: string): Promise<CommentRow | null> {
    const { rows } = await this.db.query<CommentRow>(`${SELECT} WHERE c.id = $2`, [viewer, id]);
    return rows[0] ?? null;
  }

  /** The reader's reactions (1 like, 2 dislike) to the listed comments, by comment id. */
  async reactionsOf(viewer: string, ids: string[]): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ comment_id: string; type: number }>({
      name: "comments_reactions_of",
      text: `SELECT comment_id::text, type FROM api.comment_reactions
              WHERE user_address = $1 AND comment_id = ANY($2::bigint[])`,
      values: [viewer, ids],
    });
    return new Map(rows.map((r) => [r.comment_id, r.type]));
  }

  async list(
    f: ListFilter,
    page: { number: number; limit: number; order: "asc" | "desc"; cursor?: string | null },
  ): Promise<{ rows: CommentRow[]; total: number }> {
    const where = ["c.chain_id = $1", "c.page_id = $2"];
    const params: unknown[] = [f.chainId, f.pageId];
    if (f.parentId === undefined) where.push("c.parent_id IS NULL");
    else if (f.parentId !== null) {
      params.push(f.parentId);
      where.push(`c.parent_id = $${params.length}`);
    }
    if (f.poolAddress) {
      params.push(f.poolAddress);
      where.push(`c.pool_address = $${params.length}`);
    }
    if (f.author) {
      params.push(f.author);
      where.push(`c.author = $${params.length} AND c.deleted_at IS NULL`);
    }
    const whereSql = where.join(" AND ");
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const countSql = `SELECT count(*)::int AS total FROM api.comments c WHERE ${whereSql}`;
    const countValues = [...params];
    // Keyset: after the previous page's last comment, along the index, instead of skipping an offset.
    let pageWhere = whereSql;
    if (page.cursor) {
      params.push(page.cursor);
      pageWhere += ` AND (c.created_at, c.id) ${dir === "ASC" ? ">" : "<"} (SELECT created_at, id FROM api.comments WHERE id = $${params.length}::bigint)`;
    }
    params.push(page.limit, page.cursor ? 0 : (page.number - 1) * page.limit);
    const listSql = `${LIST_SELECT} WHERE ${pageWhere} ORDER BY c.created_at ${dir}, c.id ${dir} LIMIT $${params.length - 1} OFFSET $${params.length}`;
    // A page's top-level comments are counted by a trigger; other filters count their rows.
    const isWholePage = f.parentId === undefined && !f.poolAddress && !f.author;
    const [list, count] = await Promise.all([
      this.db.query<CommentRow>({ name: statementName(listSql), text: listSql, values: params }),
      isWholePage
        ? this.db.query<{ total: number }>({
            name: "comments_page_count",
            text: "SELECT top_level AS total FROM api.comment_page_counts WHERE chain_id = $1 AND page_id = $2",
            values: [f.chainId, f.pageId],
          })
        : this.db.query<{ total: number }>({
            name: statementName(countSql),
            text: countSql,
            values: countValues,
          }),
    ]);
    return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
  }

  /** What `author` wrote in one DAO, every page of it, newest first (deleted comments left out). */
  async listByAuthor(
    f: { chainId: number; poolAddress: string; author: string },
    viewer: string,
    page: { number: number; limit: number; order: "asc" | "desc" },
  ): Promise<{ rows: CommentRow[]; total: number }> {
    const where = "c.chain_id = $2 AND c.pool_address = $3 AND c.author = $4 AND c.deleted_at IS NULL";
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const [list, count] = await Promise.all([
      this.db.query<CommentRow>(
        `${SELECT} WHERE ${where} ORDER BY c.created_at ${dir}, c.id ${dir} LIMIT $5 OFFSET $6`,
        [viewer, f.chainId, f.poolAddress, f.author, page.limit, (page.number - 1) * page.limit],
      ),
      this.db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM api.comments c WHERE ${where.replace(/\$(\d)/g, (_, n) => `$${Number(n) - 1}`)}`,
        [f.chainId, f.poolAddress, f.author],
      ),
    ]);
    return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
  }

  async updateContent(id: string, content: string): Promise<void> {
    await this.db.query("UPDATE api.comments SET content = $2, updated_at = now() WHERE id = $1", [
      id,
      content,
    ]);
  }

  /**
   * Deletes a comment. One that others answered becomes an empty placeholder (its reactions go), so
   * their replies stay; a placeholder whose last reply is deleted goes too.
   */
  async delete(id: string): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      // Locked first: a reply written meanwhile either lands before (and is seen) or fails after.
      await tx.query("SELECT 1 FROM api.comments WHERE id = $1 FOR UPDATE", [id]);
      const replied = await tx.query("SELECT 1 FROM api.comments WHERE parent_id = $1 LIMIT 1", [id]);
      if (replied.rows.length > 0) {
        await tx.query("UPDATE api.comments SET content = '', deleted_at = now() WHERE id = $1", [id]);
        await tx.query("DELETE FROM api.comment_reactions WHERE comment_id = $1", [id]);
        return;
      }
      let current: string | null = id;
      while (current !== null) {
        const deleted: pg.QueryResult<{ parent_id: string | null }> = await tx.query(
          "DELETE FROM api.comments WHERE id = $1 RETURNING parent_id::text",
          [current],
        );
        const parent: string | null = deleted.rows[0]?.parent_id ?? null;
        if (parent === null) break;
        const emptyPlaceholder: pg.QueryResult<{ id: string }> = await tx.query(
          `SELECT c.id::text FROM api.comments c
            WHERE c.id = $1 AND c.deleted_at IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM api.comments ch WHERE ch.parent_id = c.id)
            FOR UPDATE`,
          [parent],
        );
        current = emptyPlaceholder.rows[0]?.id ?? null;
      }
    });
  }

  async pageStats(chainId: number, pageId: string) {
    const { rows } = await this.db.query<{
      comments_count: number;
      top_level_count: number;
      replies_count: number;
      participants_count: number;
      likes: number;
      dislikes: number;
      last_comment_at: Date | null;
    }>(
      `SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS comments_count,
              count(*) FILTER (WHERE parent_id IS NULL AND deleted_at IS NULL)::int AS top_level_count,
              count(*) FILTER (WHERE parent_id IS NOT NULL AND deleted_at IS NULL)::int AS replies_count,
              count(DISTINCT author) FILTER (WHERE deleted_at IS NULL)::int AS participants_count,
              COALESCE((SELECT count(*) FROM api.comment_reactions r JOIN api.comments c2 ON c2.id = r.comment_id
                         WHERE c2.chain_id = $1 AND c2.page_id = $2 AND r.type = 1), 0)::int AS likes,
              COALESCE((SELECT count(*) FROM api.comment_reactions r JOIN api.comments c2 ON c2.id = r.comment_id
                         WHERE c2.chain_id = $1 AND c2.page_id = $2 AND r.type = 2), 0)::int AS dislikes,
              max(created_at) FILTER (WHERE deleted_at IS NULL) AS last_comment_at
         FROM api.comments WHERE chain_id = $1 AND page_id = $2`,
      [chainId, pageId],
    );
    return rows[0]!;
  }

  async upsertReaction(commentId: string, user: string, type: 1 | 2): Promise<void> {
    await this.db.query(
      `INSERT INTO api.comment_reactions (comment_id, user_address, type) VALUES ($1, $2, $3)
       ON CONFLICT (comment_id, user_address) DO UPDATE SET type = EXCLUDED.type, created_at = now()`,
      [commentId, user, type],
    );
  }

  async deleteReaction(commentId: string, user: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      "DELETE FROM api.comment_reactions WHERE comment_id = $1 AND user_address = $2",
      [commentId, user],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Per DAO: how many comments `author` wrote there (deleted ones excluded), latest activity first. */
  async byAuthor(author: string) {
    const { rows } = await this.db.query<{
      chain_id: number;
      pool_address: string;
      comments_count: number;
      last_comment_at: Date;
    }>(
      `SELECT chain_id, pool_address, count(*)::int AS comments_count, max(created_at) AS last_comment_at
         FROM api.comments
        WHERE author = $1 AND deleted_at IS NULL
        GROUP BY chain_id, pool_address
        ORDER BY last_comment_at DESC
        LIMIT 100`,
      [author],
    );
    return rows;
  }
}
