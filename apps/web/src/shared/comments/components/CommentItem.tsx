import { formatUtcDateTime } from "@polity/core/format/date";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress } from "../../format/shortAddress.ts";
import { Button } from "../../ui/Button.tsx";
import type { CommentView } from "../api/commentsApi.ts";
import type { CommentsScope } from "../api/commentsQuery.ts";
import styles from "../Comments.module.css";
import { errorKeyOf, useCommentMutations, useCommentsPage } from "../useComments.ts";
import { CommentForm } from "./CommentForm.tsx";

interface CommentItemProps {
  comment: CommentView;
  scope: CommentsScope;
  canWrite: boolean;
  /** Replies are one level deep: a reply has no reply button of its own. */
  isReply?: boolean;
}

export function CommentItem({ comment, scope, canWrite, isReply = false }: CommentItemProps) {
  const { t } = useTranslation("comments");
  const { create, edit, remove, setReaction } = useCommentMutations(scope);
  const [mode, setMode] = useState<"view" | "edit" | "reply">("view");
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const replies = useCommentsPage(scope, 1, comment.id, showReplies);
  const fail = (err: unknown) => {
    setError(t(errorKeyOf(err), { ns: ["core", "common"] }));
    throw err;
  };
  const wasEdited = comment.updatedAt !== comment.createdAt;

  const repliesToggle =
    comment.repliesCount > 0 && !isReply ? (
      <Button variant="ghost" size="small" onClick={() => setShowReplies(!showReplies)}>
        {showReplies ? t("hideReplies") : t("showReplies", { count: comment.repliesCount })}
      </Button>
    ) : null;
  const repliesList =
    showReplies && replies.data?.comments.length ? (
      <ul className={`${styles.list} ${styles.replies}`} aria-label={t("repliesLabel")}>
        {replies.data.comments.map((reply) => (
          <CommentItem key={reply.id} comment={reply} scope={scope} canWrite={canWrite} isReply />
        ))}
      </ul>
    ) : null;

  if (comment.isDeleted) {
    // Deleted by its author, kept for the replies others wrote under it: nothing of it is shown.
    return (
      <li className={styles.comment} data-testid="comment" data-comment-id={comment.id}>
        <p className={styles.deleted} data-testid="comment-deleted">
          {t("deleted")}
        </p>
        {repliesToggle ? <div className={styles.row}>{repliesToggle}</div> : null}
        {repliesList}
      </li>
    );
  }

  return (
    <li className={styles.comment} data-testid="comment" data-comment-id={comment.id}>
      <div className={styles.head}>
        <span className={styles.author} title={comment.author ?? undefined}>
          {comment.author ? shortAddress(comment.author) : null}
        </span>
        {comment.isAuthor ? (
          <span className={styles.you} data-testid="comment-you">
            {t("you")}
          </span>
        ) : null}
        <span>{formatUtcDateTime(new Date(comment.createdAt))}</span>
        {wasEdited ? <span>{t("edited")}</span> : null}
      </div>
      {mode === "edit" ? (
        <CommentForm
          initial={comment.content}
          label={t("editLabel")}
          submitLabel={t("save")}
          isBusy={edit.isPending}
          onCancel={() => setMode("view")}
          onSubmit={async (content) => {
            await edit.mutateAsync({ id: comment.id, content }).catch(fail);
            setMode("view");
          }}
        />
      ) : (
        <p className={styles.content} data-testid="comment-content">
          {comment.content}
        </p>
      )}
      <div className={styles.row}>
        {(["like", "dislike"] as const).map((kind) => (
          <Button
            key={kind}
            variant="ghost"
            size="small"
            className={comment.userReaction === kind ? styles.pressed : undefined}
            aria-pressed={comment.userReaction === kind}
            aria-label={t(`${kind}Label`, { count: kind === "like" ? comment.likes : comment.dislikes })}
            disabled={!canWrite || setReaction.isPending}
            onClick={() =>
              setReaction
                .mutateAsync({ id: comment.id, current: comment.userReaction, next: kind })
                .catch((err: unknown) => setError(t(errorKeyOf(err), { ns: ["core", "common"] })))
            }
          >
            {t(kind)} {kind === "like" ? comment.likes : comment.dislikes}
          </Button>
        ))}
        {canWrite && !isReply ? (
          <Button variant="ghost" size="small" onClick={() => setMode(mode === "reply" ? "view" : "reply")}>
            {t("reply")}
          </Button>
        ) : null}
        {comment.isAuthor && mode !== "edit" ? (
          <Button variant="ghost" size="small" onClick={() => setMode("edit")}>
            {t("edit")}
          </Button>
        ) : null}
        {comment.isAuthor ? (
          isConfirmingDelete ? (
            <>
              <Button
                variant="danger"
                size="small"
                isLoading={remove.isPending}
                onClick={() =>
                  remove
                    .mutateAsync(comment.id)
                    .catch(fail)
                    .catch(() => undefined)
                }
              >
                {t("confirmDelete")}
              </Button>
              <Button variant="ghost" size="small" onClick={() => setIsConfirmingDelete(false)}>
                {t("cancel")}
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="small" onClick={() => setIsConfirmingDelete(true)}>
              {t("delete")}
            </Button>
          )
        ) : null}
        {repliesToggle}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {mode === "reply" ? (
        <CommentForm
          label={t("replyLabel")}
          submitLabel={t("sendReply")}
          isBusy={create.isPending}
          onCancel={() => setMode("view")}
          onSubmit={async (content) => {
            await create.mutateAsync({ content, parentId: comment.id }).catch(fail);
            setMode("view");
            setShowReplies(true);
          }}
        />
      ) : null}
      {repliesList}
    </li>
  );
}
