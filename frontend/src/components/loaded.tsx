import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

/** A page's read: the loader while it comes, the failure with a way to try again, or what it shows. */
export function Loaded<Data>({
  query,
  errorTitle,
  children,
}: {
  query: UseQueryResult<Data, unknown>;
  /** 'Erro ao carregar {entity}' (spec 001 §8). */
  errorTitle: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
