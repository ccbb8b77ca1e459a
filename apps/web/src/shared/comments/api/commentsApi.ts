import { DEFAULT_ORDER, PAGE_SIZES } from "@polity/core/constants";
import {
  type CommentRecord,
  commentDocument,
  commentListDocument,
  type ReactionName,
  reactionDocument,
} from "@polity/core/records/comments";
import type { Address } from "viem";
import type { HttpClient } from "../../http/httpClient.ts";

export type { ReactionName };

export interface CommentView {
  id: string;
  /** The discussion page it belongs to (a proposal page's path). */
  pageId: string;
  /** Null for a deleted comment kept as a placeholder for its replies. */
  author: string | null;
  parentId: string | null;
  content: string;
  createdAt: string;
  updatedAt: string;
  likes: number;
  dislikes: number;
  repliesCount: number;
  userReaction: ReactionName | "none";
  isAuthor: boolean;
  isDeleted: boolean;
}

export interface CommentsPage {
  comments: CommentView[];
  total: number;
  page: number;
  limit: number;
}

const BASE = "/integrations/comments-svc";
export const COMMENTS_PAGE_SIZE = PAGE_SIZES.default;

export function toCommentView(resource: { id: string; attributes: CommentRecord }): CommentView {
  const a = resource.attributes;
  return {
    id: resource.id,
    pageId: a.page_id,
    author: a.author,
    parentId: a.parent_id,
    content: a.content,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
    likes: a.likes,
    dislikes: a.dislikes,
    repliesCount: a.replies_count,
    userReaction: a.user_reaction,
    isAuthor: a.is_author,
    isDeleted: a.is_deleted,
  };
}

/** Page ids keep their slashes: the api's list route takes the rest of the path as the id. */
function pagePath(pageId: string): string {
  return pageId.split("/").map(encodeURIComponent).join("/");
}

export async function listComments(
  http: HttpClient,
  params: { chainId: number; pageId: string; pool: Address; page: number; parentId?: string; limit?: number },
): Promise<CommentsPage> {
  const limit = params.limit ?? COMMENTS_PAGE_SIZE;
  const body = await http.get(`${BASE}/comments/list/${params.chainId}/${pagePath(params.pageId)}`, {
    schema: commentListDocument,
    query: {
      page: { number: params.page, limit, order: params.parentId ? "asc" : DEFAULT_ORDER.comments },
      filter: {
        pool_address: params.pool.toLowerCase(),
        ...(params.parentId ? { parent_id: params.parentId } : {}),
      },
    },
  });
  return { comments: body.data.map(toCommentView), total: body.meta.total_count, page: params.page, limit };
}

/** One page of what `author` wrote in a DAO, every discussion page of it, newest first. */
export async function listCommentsByAuthor(
  http: HttpClient,
  params: { chainId: number; pool: Address; author: Address; page: number; limit?: number },
): Promise<CommentsPage> {
  const limit = params.limit ?? COMMENTS_PAGE_SIZE;
  const body = await http.get(
    `${BASE}/comments/by-author/${params.chainId}/${params.pool.toLowerCase()}/${params.author.toLowerCase()}`,
    { schema: commentListDocument, query: { page: { number: params.page, limit } } },
  );
  return { comments: body.data.map(toCommentView), total: body.meta.total_count, page: params.page, limit };
}

export async function createComment(
  http: HttpClient,
  input: { chainId: number; pageId: string; pool: Address; content: string; parentId?: string },
): Promise<CommentView> {
  const body = await http.post(
    `${BASE}/comments`,
    {
      data: {
        type: "comments",
        attributes: {
          chain_id: input.chainId,
          page_id: input.pageId,
          pool_address: input.pool.toLowerCase(),
          content: input.content,
          ...(input.parentId ? { parent_id: input.parentId } : {}),
        },
      },
    },
    { schema: commentDocument },
  );
  return toCommentView(body.data);
}

export async function editComment(http: HttpClient, id: string, content: string): Promise<CommentView> {
  const body = await http.patch(
    `${BASE}/comments/${id}`,
    { data: { type: "comments", attributes: { content } } },
    { schema: commentDocument },
  );
  return toCommentView(body.data);
}

export async function deleteComment(http: HttpClient, id: string): Promise<void> {
  await http.delete(`${BASE}/comments/${id}`);
}

export async function react(http: HttpClient, id: string, type: ReactionName): Promise<void> {
  await http.post(
    `${BASE}/reactions`,
    { data: { type: "reactions", attributes: { type, comment_id: id } } },
    { schema: reactionDocument },
  );
}

export async function unreact(http: HttpClient, id: string): Promise<void> {
  await http.delete(`${BASE}/reactions/${id}`);
}
