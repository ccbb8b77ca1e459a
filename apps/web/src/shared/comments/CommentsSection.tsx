import { type CommentAccess, commentAccess } from "@polity/core/validation/comment";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useSession } from "../auth/authStore.ts";
import { useLogin } from "../auth/useLogin.ts";
import { Button } from "../ui/Button.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../ui/StateViews.tsx";
import { openConnectModal } from "../wallet/connectModal.ts";
import styles from "./Comments.module.css";
import { CommentForm } from "./components/CommentForm.tsx";
import { CommentItem } from "./components/CommentItem.tsx";
import { errorKeyOf, useCommentMutations, useCommentsPage } from "./useComments.ts";

interface CommentsSectionProps {
  chainId: number;
  dao: Address;
  /** Spec page id: the page path without its leading slash and trailing `details`. */
  pageId: string;
  /** The user's power and the DAO's thresholds, read from the chain by the host page. */
  access: CommentAccess;
}

/**
 * A proposal's discussion: paged list (newest first), replies, reactions, editing and deleting
 * one's own comments, and the spec's separate messages for non-members and too little power.
 */
export function CommentsSection({ chainId, dao, pageId, access }: CommentsSectionProps) {
  const { t } = useTranslation("comments");
  const { address, chainId: walletChainId } = useConnection();
  const session = useSession(address);
  const login = useLogin();
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const scope = { chainId, dao, pageId, account: session ? address : undefined };
  const readDenial = commentAccess(access, "read");
  const writeDenial = commentAccess(access, "create");
  const list = useCommentsPage(scope, page, undefined, readDenial === null);
  const { create } = useCommentMutations(scope);

  if (!address) {
    return (
      <EmptyState title={t("connectToDiscuss")}>
        <Button onClick={openConnectModal}>{t("common:wallet.connect")}</Button>
      </EmptyState>
    );
  }
  if (!session) {
    return (
      <EmptyState title={t("signInToDiscuss")}>
        <Button
          isLoading={login.isPending}
          onClick={() => login.mutate({ address, chainId: walletChainId ?? chainId })}
        >
          {t("common:auth.signIn")}
        </Button>
      </EmptyState>
    );
  }
  if (readDenial) {
    return (
      <p role="alert" data-testid="comments-denied">
        {t(readDenial, { ns: "core" })}
      </p>
    );
  }
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;
  return (
    <section className={styles.section} aria-label={t("title")} data-testid="comments">
      {writeDenial ? (
        <p role="alert" data-testid="comments-write-denied">
          {t(writeDenial, { ns: "core" })}
        </p>
      ) : (
        <CommentForm
          label={t("newLabel")}
          submitLabel={t("send")}
          isBusy={create.isPending}
          onSubmit={async (content) => {
            setError(null);
            await create.mutateAsync({ content }).catch((err: unknown) => {
              setError(t(errorKeyOf(err), { ns: ["core", "common"] }));
              throw err;
            });
            setPage(1);
          }}
        />
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {list.isPending ? (
        <LoadingState label={t("loading")} />
      ) : list.isError ? (
        <ErrorState
          message={t(errorKeyOf(list.error), { ns: ["core", "common"] })}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.comments.length === 0 ? (
        // Someone who may not write is not invited to start the discussion: the notice above says why.
        <EmptyState title={t(writeDenial ? "emptyReadOnly" : "empty")} />
      ) : (
        <>
          <p className="muted">{t("count", { count: list.data.total })}</p>
          <ul className={styles.list}>
            {list.data.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} scope={scope} canWrite={writeDenial === null} />
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} onChange={setPage} />
        </>
      )}
    </section>
  );
}
