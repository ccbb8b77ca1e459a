import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "../../../shared/ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";

/** Says that the indexer had not reached the user's latest transaction when the list was read. */
export function IndexerLagNotice({ isBehind }: { isBehind: boolean }) {
  const { t } = useTranslation("daoProfile");
  return isBehind ? (
    <p className="muted" role="status" data-testid="indexer-lag">
      {t("indexerLag")}
    </p>
  ) : null;
}

interface ListPage {
  items: readonly unknown[];
  page: number;
  pageCount: number;
  /** An indexed list's lag behind the user's latest transaction. */
  isBehind?: boolean;
}

/**
 * One page of the list `query` reads: loading, its error with a retry, then the indexer's lag, its items
 * (or `empty`) and the pages (when `onPage` turns them).
 */
export function PagedList<P extends ListPage>({
  query,
  loading,
  loadError,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<P>;
  loading?: string;
  loadError: (detail: string) => string;
  empty: string;
  onPage: ((page: number) => void) | undefined;
  children: (page: P) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError)
    return <ErrorState message={loadError(query.error.message)} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <>
      <IndexerLagNotice isBehind={data.isBehind ?? false} />
      {data.items.length === 0 ? <EmptyState title={empty} /> : children(data)}
      {onPage ? <Pagination page={data.page} pageCount={data.pageCount} onChange={onPage} /> : null}
    </>
  );
}
