import type { CommentRecord } from "@polity/core/records/comments";
import { COMMENT_MAX_LENGTH, commentAccess } from "@polity/core/validation/comment";
import type { Address } from "viem";
import type { GovPoolReader } from "../../chain/govPool.ts";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import type { Page } from "../../http/jsonapi.ts";
import { type PublicAnswer, PublicAnswerCache } from "../../http/publicAnswer.ts";
import { TtlCache } from "../../http/ttlCache.ts";
import type { NotificationPublisher, Session } from "../types.ts";
import type { CommentRow, CommentsRepository, ListFilter } from "./comments.repository.ts";

export const REACTIONS = { like: 1, dislike: 2 } as const;
export type ReactionName = keyof typeof REACTIONS;
const REACTION_NAMES: Record<number, ReactionName> = { 1: "like", 2: "dislike" };

/**
 * Page identifiers derive from the page path (spec §3): a leading slash and a trailing details
 * segment are stripped, so `/dao/0xabc/proposals/7/details` and `dao/0xabc/proposals/7` are one page.
 */
export function normalizePageId(raw: string): string {
  let id = raw.trim().replace(/^\/+/, "").replace(/\/+$/, "");
  id = id.replace(/\/details$/i, "");
  return id;
}

export const PAGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_\-./]{0,511}$/;

/**
 * The DAO a discussion belongs to is the one its page names (`dao/<pool>/…`, the proposal page's
 * path), never whoever comments first; null for a page id that names no DAO.
 */
export function pagePoolOf(pageId: string): Address | null {
  const match = /^dao\/(0x[0-9a-fA-F]{40})(?:\/|$)/.exec(pageId);
  return match ? (match[1]!.toLowerCase() as Address) : null;
}

function requirePagePool(pageId: string): Address {
  const pool = pagePoolOf(pageId);
  if (!pool) {
    throw badRequest("errors.api.commentPageNotDao", {}, { field: "page_id" });
  }
  return pool;
}

/** Content is trimmed; blank content is refused with the spec's message. */
export function cleanContent(content: string): string {
  const trimmed = content.trim();
  if (trimmed.length === 0) {
    throw badRequest("validation.commentEmpty", {}, { field: "content" });
  }
  if (trimmed.length > COMMENT_MAX_LENGTH) {
    throw badRequest("errors.api.commentTooLong", { max: COMMENT_MAX_LENGTH }, { field: "content" });
  }
  return trimmed;
}

/** A deleted comment kept for its replies shows nothing of what it was, not even who wrote it. */
export const toAttributes = (c: CommentRow, viewer: string): CommentRecord => ({
  chain_id: c.chain_id,
  page_id: c.page_id,
  pool_address: c.pool_address,
  author: c.is_deleted ? null : c.author,
  parent_id: c.parent_id,
  content: c.is_deleted ? "" : c.content,
  created_at: c.created_at.toISOString(),
  updated_at: c.updated_at.toISOString(),
  likes: c.likes,
  dislikes: c.dislikes,
  replies_count: c.replies_count,
  user_reaction: c.user_reaction && !c.is_deleted ? REACTION_NAMES[c.user_reaction]! : "none",
  is_author: !c.is_deleted && c.author === viewer,
  is_deleted: c.is_deleted,
});

/** A page of a list: by number, or after the row `cursor` (keyset). */
type ListPage = Page & { cursor?: string | null };

/** One page of a list, with the reactions of `viewer` (the reader, or the `user` the list is asked for). */
export interface CommentList {
  rows: CommentRow[];
  total: number;
  viewer: string;
}

export class CommentsService {
  /** Pages of comments as everyone sees them, per page of the list; reactions are each reader's own. */
  private readonly pages = new TtlCache<Promise<{ rows: CommentRow[]; total: number }>>(2_000);
  private readonly readerReactions = new TtlCache<Promise<Map<string, number>>>(10_000);
  private readonly answers: PublicAnswerCache;
  /** Bumped on every write to a discussion, so this process never answers from before its own write. */
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly repo: CommentsRepository,
    private readonly govPools: GovPoolReader,
    private readonly notifications: NotificationPublisher,
    private readonly cacheTtlMs = 0,
  ) {
    this.answers = new PublicAnswerCache(cacheTtlMs);
  }

  private touch(chainId: number, pageId: string) {
    const key = `${chainId}:${pageId}`;
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  /** `load` once per key within the TTL; a failed load is not kept. */
  private reuse<V>(cache: TtlCache<Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
    if (this.cacheTtlMs === 0) return load();
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = load();
    cache.set(key, pending, this.cacheTtlMs);
    pending.catch(() => cache.delete(key));
    return pending;
  }

  /**
   * Reading needs minVotesForReadProposalDiscussion and writing minVotesForCreatingComment, both read
   * from the pool. Someone with no stake at all is told they are not a member; a member below the
   * threshold is told their power is too low.
   */
  async assertAccess(chainId: number, pool: string, user: Address, kind: "read" | "create"): Promise<void> {
    const settings = await this.govPools.commentSettings(chainId, pool as Address);
    const required =
      kind === "read" ? settings.minVotesForReadProposalDiscussion : settings.minVotesForCreatingComment;
    if (required === 0n) return;
    const { power, isMember } = await this.govPools.userPower(chainId, pool as Address, user);
    const denial = commentAccess({ power, isMember, ...settings }, kind);
    if (denial) {
      throw forbidden(
        denial,
        {},
        {
          required_power: required.toString(),
          power: power.toString(),
        },
      );
    }
  }

  async create(
    session: Session,
    input: { chainId: number; pageId: string; poolAddress: string; content: string; parentId: string | null },
  ): Promise<CommentRow> {
    const content = cleanContent(input.content);
    const pageId = normalizePageId(input.pageId);
    if (!PAGE_ID_PATTERN.test(pageId))
      throw badRequest("errors.api.commentPageInvalid", {}, { field: "page_id" });
    const pool = requirePagePool(pageId);
    if (input.poolAddress !== pool) {
      throw badRequest(
        "errors.api.commentPoolMismatch",
        {},
        {
          field: "pool_address",
          page_pool_address: pool,
        },
      );
    }
    await this.govPools.assertGovPool(input.chainId, pool);
    let parent: CommentRow | null = null;
    if (input.parentId !== null) {
      parent = await this.repo.find(input.parentId, session.address);
      if (!parent) throw notFound("errors.api.parentCommentNotFound", {}, { parent_id: input.parentId });
      if (parent.chain_id !== input.chainId || parent.page_id !== pageId) {
        throw badRequest("errors.api.replyOtherPage", {}, { field: "parent_id" });
      }
      if (parent.is_deleted) throw conflict("errors.api.commentDeleted", {}, { parent_id: input.parentId });
    }
    await this.assertAccess(input.chainId, pool, session.address, "create");
    const id = await this.repo.transaction(async (q) => {
      const id = await this.repo.insert({ ...input, pageId, content, author: session.address }, q);
      // The parent's author hears of the reply, unless they answered themselves.
      if (parent && parent.author !== session.address) {
        await this.notifications.publish(
          {
            key: `COMMENT_REPLIED:${id}`,
            topic: "COMMENT_REPLIED",
            chainId: input.chainId,
            destination: null,
            recipients: [parent.author],
            actor: session.address,
            params: { pool, actor: session.address, page_id: pageId, comment_id: parent.id, reply_id: id },
            occurredAt: new Date(),
          },
          q,
        );
      }
      return id;
    });
    this.touch(input.chainId, pageId);
    return (await this.repo.find(id, session.address))!;
  }

  async get(session: Session, id: string): Promise<CommentRow> {
    const comment = await this.repo.find(id, session.address);
    if (!comment) throw notFound("errors.api.commentNotFound", { id });
    await this.assertAccess(comment.chain_id, comment.pool_address, session.address, "read");
    return comment;
  }

  async list(
    session: Session,
    filter: ListFilter & { user?: string | undefined },
    page: ListPage,
  ): Promise<CommentList> {
    const pageId = await this.assertReadable(session, filter);
    return this.readPage({ ...filter, pageId }, filter.user ?? session.address, page);
  }

  /**
   * The list as its route answers it (`toDocument`), serialised once per reader, URL and state of
   * the discussion within the TTL: a reader paging through a busy discussion costs a lookup.
   */
  async listAnswer(
    session: Session,
    filter: ListFilter & { user?: string | undefined },
    page: ListPage,
    url: string,
    toDocument: (list: CommentList) => unknown,
  ): Promise<PublicAnswer> {
    const pageId = await this.assertReadable(session, filter);
    const viewer = filter.user ?? session.address;
    const key = JSON.stringify([viewer, this.versionOf(filter.chainId, pageId), url]);
    return this.answers.get(key, async () =>
      toDocument(await this.readPage({ ...filter, pageId }, viewer, page)),
    );
  }

  /** The page id a list names, once its DAO is known and the reader may read its discussions. */
  private async assertReadable(session: Session, filter: ListFilter): Promise<string> {
    const pageId = normalizePageId(filter.pageId);
    const pool = requirePagePool(pageId);
    await this.govPools.assertGovPool(filter.chainId, pool);
    await this.assertAccess(filter.chainId, pool, session.address, "read");
    return pageId;
  }

  private versionOf(chainId: number, pageId: string): number {
    return this.versions.get(`${chainId}:${pageId}`) ?? 0;
  }

  private async readPage(filter: ListFilter, viewer: string, page: ListPage): Promise<CommentList> {
    const key = JSON.stringify([
      filter.chainId,
      filter.pageId,
      filter.parentId ?? "top",
      filter.poolAddress ?? null,
      filter.author ?? null,
      page.number,
      page.limit,
      page.order,
      page.cursor ?? null,
      this.versionOf(filter.chainId, filter.pageId),
    ]);
    const result = await this.reuse(this.pages, key, () => this.repo.list(filter, page));
    const ids = result.rows.map((c) => c.id);
    const reactions =
      ids.length === 0
        ? new Map<string, number>()
        : await this.reuse(this.readerReactions, `${viewer}|${key}`, () =>
            this.repo.reactionsOf(viewer, ids),
          );
    const rows = result.rows.map((c) => ({ ...c, user_reaction: reactions.get(c.id) ?? null }));
    return { rows, total: result.total, viewer };
  }

  /** The comments `author` wrote in a DAO, for whoever may read that DAO's discussions (a profile's list). */
  async listByAuthor(
    session: Session,
    filter: { chainId: number; poolAddress: string; author: string },
    page: { number: number; limit: number; order: "asc" | "desc" },
  ) {
    const pool = filter.poolAddress.toLowerCase() as Address;
    await this.govPools.assertGovPool(filter.chainId, pool);
    await this.assertAccess(filter.chainId, pool, session.address, "read");
    return this.repo.listByAuthor(
      { chainId: filter.chainId, poolAddress: pool, author: filter.author.toLowerCase() },
      session.address,
      page,
    );
  }

  async update(session: Session, id: string, content: string): Promise<CommentRow> {
    const comment = await this.repo.find(id, session.address);
    if (!comment) throw notFound("errors.api.commentNotFound", { id });
    if (comment.is_deleted) throw conflict("errors.api.commentDeleted");
    if (comment.author !== session.address) throw forbidden("errors.api.commentEditNotAuthor");
    const clean = cleanContent(content);
    await this.assertAccess(comment.chain_id, comment.pool_address, session.address, "create");
    await this.repo.updateContent(id, clean);
    this.touch(comment.chain_id, comment.page_id);
    return (await this.repo.find(id, session.address))!;
  }

  async delete(session: Session, id: string): Promise<void> {
    const comment = await this.repo.find(id, session.address);
    if (!comment || comment.is_deleted) throw notFound("errors.api.commentNotFound", { id });
    if (comment.author !== session.address) throw forbidden("errors.api.commentDeleteNotAuthor");
    await this.repo.delete(id);
    this.touch(comment.chain_id, comment.page_id);
  }

  async pageStats(session: Session, chainId: number, rawPageId: string) {
    const pageId = normalizePageId(rawPageId);
    const pool = requirePagePool(pageId);
    await this.govPools.assertGovPool(chainId, pool);
    await this.assertAccess(chainId, pool, session.address, "read");
    const stats = await this.repo.pageStats(chainId, pageId);
    return {
      chain_id: chainId,
      page_id: pageId,
      pool_address: pool,
      ...stats,
      last_comment_at: stats.last_comment_at?.toISOString() ?? null,
    };
  }

  async react(session: Session, commentId: string, type: ReactionName): Promise<CommentRow> {
    const comment = await this.repo.find(commentId, session.address);
    if (!comment) throw notFound("errors.api.commentNotFound", { id: commentId });
    if (comment.is_deleted) throw conflict("errors.api.commentDeleted");
    await this.assertAccess(comment.chain_id, comment.pool_address, session.address, "create");
    await this.repo.upsertReaction(commentId, session.address, REACTIONS[type]);
    this.touch(comment.chain_id, comment.page_id);
    return (await this.repo.find(commentId, session.address))!;
  }

  async unreact(session: Session, commentId: string): Promise<void> {
    const comment = await this.repo.find(commentId, session.address);
    if (!comment) throw notFound("errors.api.commentNotFound", { id: commentId });
    if (!(await this.repo.deleteReaction(commentId, session.address))) {
      throw notFound("errors.api.reactionNotFound");
    }
    this.touch(comment.chain_id, comment.page_id);
  }
}
