import { toUserError } from "@polity/core/errors/toUserError";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address } from "viem";
import { api } from "../http/api.ts";
import {
  createComment,
  deleteComment,
  editComment,
  listComments,
  type ReactionName,
  react,
  unreact,
} from "./api/commentsApi.ts";
import { commentErrorKey } from "./commentForm.ts";

const ROOT = "comments";

export interface CommentsScope {
  chainId: number;
  dao: Address;
  pageId: string;
  /** The signed-in account; queries wait for it. */
  account: string | undefined;
}

export function commentsKey(scope: CommentsScope) {
  return [ROOT, scope.chainId, scope.pageId, scope.account?.toLowerCase() ?? null] as const;
}

export function useCommentsPage(scope: CommentsScope, page: number, parentId?: string, enabled = true) {
  return useQuery({
    queryKey: [...commentsKey(scope), parentId ?? "top", page],
    queryFn: () =>
      listComments(api, { chainId: scope.chainId, pageId: scope.pageId, pool: scope.dao, page, parentId }),
    enabled: enabled && Boolean(scope.account),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function errorKeyOf(err: unknown): string {
  return commentErrorKey(err, (e) => toUserError(e).messageKey);
}

/** Writes of the discussion; each refreshes the page's comment lists once it lands. */
export function useCommentMutations(scope: CommentsScope) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: commentsKey(scope) }),
    [queryClient, scope],
  );
  const create = useMutation({
    mutationFn: (input: { content: string; parentId?: string }) =>
      createComment(api, { chainId: scope.chainId, pageId: scope.pageId, pool: scope.dao, ...input }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: (input: { id: string; content: string }) => editComment(api, input.id, input.content),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => deleteComment(api, id), onSuccess: refresh });
  const setReaction = useMutation({
    mutationFn: (input: { id: string; current: ReactionName | "none"; next: ReactionName }) =>
      input.current === input.next ? unreact(api, input.id) : react(api, input.id, input.next),
    onSuccess: refresh,
  });
  return { create, edit, remove, setReaction };
}
