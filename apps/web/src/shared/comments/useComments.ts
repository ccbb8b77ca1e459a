import { toUserError } from "@polity/core/errors/toUserError";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../http/api.ts";
import {
  createComment,
  deleteComment,
  editComment,
  type ReactionName,
  react,
  unreact,
} from "./api/commentsApi.ts";
import { type CommentsScope, commentsKey, commentsQuery } from "./api/commentsQuery.ts";
import { commentErrorKey } from "./commentForm.ts";

export function useCommentsPage(scope: CommentsScope, page: number, parentId?: string, enabled = true) {
  return useQuery(commentsQuery(scope, page, parentId, enabled));
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
