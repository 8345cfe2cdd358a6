import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

/**
 * A read: the loader while it comes, then what it shows; a failure says `errorTitle` with the API's
 * message, with 'Tentar novamente' (a page's read) or as a plain alert (`failure="alert"`, a
 * section's read).
 */
export function Loaded<Data>({
  query,
  errorTitle,
  failure = 'retry',
  children,
}: {
  query: UseQueryResult<Data, unknown>;
  /** 'Erro ao carregar {entity}' (spec 001 §8). */
  errorTitle: string;
  failure?: 'retry' | 'alert';
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return failure === 'retry' ? (
      <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <Alert color="red" title={errorTitle}>
        {errorMessage(query.error)}
      </Alert>
    );
  return children(query.data);
}
