import { formatMonthDayYear } from "@polity/core/format/date";
import type { CommentActivityRecord } from "@polity/core/records/profile";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useSession } from "../../../shared/auth/authStore.ts";
import { authorCommentsQuery } from "../../../shared/comments/api/commentsQuery.ts";
import commentStyles from "../../../shared/comments/Comments.module.css";
import { CommentItem } from "../../../shared/comments/components/CommentItem.tsx";
import { errorKeyOf } from "../../../shared/comments/useComments.ts";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import type { UserActivityPool } from "../../../shared/tracker/trackerApi.ts";
import { Pagination } from "../../../shared/ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { DaoChooser } from "./ProfileModals.tsx";

/**
 * The comments modal: the DAOs the address commented in (how often, when last) and, for the chosen one,
 * what it wrote there, shown as the discussion shows it. Reading needs a signed session and the DAO's
 * reading power, as in the discussion itself.
 */
export default function ProfileComments({
  comments,
  daos,
  address,
  chainId,
}: {
  comments: CommentActivityRecord[];
  daos: UserActivityPool[];
  address: Address;
  chainId: number;
}) {
  const { t } = useTranslation("profile");
  const { address: viewer } = useConnection();
  const session = useSession(viewer);
  const account = session ? viewer : undefined;
  const [pool, setPool] = useState<Address | undefined>(comments[0]?.pool_address);
  const [page, setPage] = useState(1);
  const list = useQuery(authorCommentsQuery(chainId, pool, address, account, page));
  if (comments.length === 0 || !pool) return <EmptyState title={t("modals.noComments")} />;
  const nameOf = (dao: string) => daos.find((p) => p.pool_address === dao)?.name ?? shortAddress(dao);
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;
  return (
    <div data-testid="modal-comments">
      <DaoChooser
        id="profile-comments-dao"
        value={pool}
        onChange={(next) => {
          setPool(next);
          setPage(1);
        }}
        options={comments.map((c) => ({
          pool: c.pool_address,
          label: `${nameOf(c.pool_address)} · ${t("modals.commentsIn", {
            count: c.comments_count,
            date: formatMonthDayYear(new Date(c.last_comment_at)),
          })}`,
        }))}
      />
      <Link to={`/dao/${pool}`}>{nameOf(pool)}</Link>
      {!account ? (
        <EmptyState title={t("modals.signInToReadComments")} />
      ) : list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          message={t(errorKeyOf(list.error), { ns: ["core", "common"] })}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.comments.length === 0 ? (
        <EmptyState title={t("modals.noComments")} />
      ) : (
        <>
          <ul className={commentStyles.list} aria-label={t("modals.comments")}>
            {list.data.comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                scope={{ chainId, dao: pool, pageId: comment.pageId, account }}
                canWrite={false}
              />
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} onChange={setPage} />
        </>
      )}
    </div>
  );
}
