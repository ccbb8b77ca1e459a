import { STALE_TIMES } from "@polity/core/constants";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { api } from "../../http/api.ts";
import { queryRoots } from "../../query/queryKeys.ts";
import { listComments, listCommentsByAuthor } from "./commentsApi.ts";

export interface CommentsScope {
  chainId: number;
  dao: Address;
  pageId: string;
  /** The signed-in account; queries wait for it. */
  account: string | undefined;
}

/** The root of every comment list of a page, as `account` sees it. */
export function commentsKey(scope: CommentsScope) {
  return [queryRoots.comments, scope.chainId, scope.pageId, scope.account?.toLowerCase() ?? null] as const;
}

/** One page of a page's comments (or of a comment's replies); asked once an account is signed in. */
export function commentsQuery(scope: CommentsScope, page: number, parentId?: string, enabled = true) {
  return queryOptions({
    queryKey: [...commentsKey(scope), parentId ?? "top", page],
    queryFn: () =>
      listComments(api, { chainId: scope.chainId, pageId: scope.pageId, pool: scope.dao, page, parentId }),
    enabled: enabled && Boolean(scope.account),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.liveMs,
  });
}

/** One page of what `author` wrote in a DAO, as the signed-in `account` sees it (a profile's comments). */
export function authorCommentsQuery(
  chainId: number,
  pool: Address | undefined,
  author: Address,
  account: string | undefined,
  page: number,
) {
  return queryOptions({
    queryKey: [
      queryRoots.comments,
      chainId,
      "author",
      pool?.toLowerCase() ?? null,
      author.toLowerCase(),
      account?.toLowerCase() ?? null,
      page,
    ],
    queryFn: () => listCommentsByAuthor(api, { chainId, pool: pool as Address, author, page }),
    enabled: Boolean(pool && account),
    placeholderData: keepPreviousData,
  });
}
