import type { AnswerOf, InputOf, Operation } from '@contracts/shared/routes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, filledPath, type QueryParams } from './api-client';
import { retryUnlessClientError } from './api-error';
import { keyOfPath } from './query-keys';

/**
 * An operation's key prefix, its path's segments: '/students/{id}/history' ->
 * ['students', '{id}', 'history']. Invalidating ['students'] refetches every read under /students.
 */
const pathKey = (operation: Operation): readonly string[] =>
  keyOfPath(operation['~operation'].path);

/** A read's query key: its path's segments, then its input. Two reads never share one. */
export const queryKeyOf = <Op extends Operation>(operation: Op, input: InputOf<Op>) =>
  [...pathKey(operation), input] as const;

/**
 * The one query definition of a GET operation: its key from the contract, the answer cached as the
 * server sends it (screens narrow it with `select`), and a 4xx taken as the answer, not retried.
 */
export function operationQuery<Op extends Operation>(operation: Op, input: InputOf<Op>) {
  return queryOptions({
    queryKey: queryKeyOf(operation, input),
    queryFn: ({ signal }) => api.call(operation, input, { signal }),
    retry: retryUnlessClientError,
  });
}

/**
 * The query definition of a GET read on the first screen (the signed-in shell, /auth) or fetched
 * ahead for offline reading right after it (sessions, students): a GET needs only its path (no
 * body, and answers are not parsed on this side), so the request goes out without the contract's
 * zod schemas, whose evaluation (over 100 ms on a slow phone) stays off the first screen.
 * `Op` types the path and the answer; entities/query-definitions.test.ts holds the path to be its
 * operation's, a GET of a signed-in user, so the key is the one `operationQuery` would give.
 */
export function deferredQuery<Op extends Operation>(
  path: Op['~operation']['path'],
  input: InputOf<Op>,
) {
  const { params, query } = input as { params?: Record<string, string>; query?: QueryParams };
  return queryOptions({
    queryKey: [...keyOfPath(path), input] as const,
    queryFn: ({ signal }) => api.get<AnswerOf<Op>>(filledPath(path, params), { query, signal }),
    retry: retryUnlessClientError,
  });
}

/** A list answer narrowed to its items, for `select`. */
export const itemsOf = <Item>(answer: { items: Item[] }): Item[] => answer.items;

/**
 * A command as a mutation: `mutate(input)` calls the operation; once it answers, the reads under
 * `invalidates` refetch (the server already makes them wait for this write).
 */
export function useOperation<Op extends Operation>(
  operation: Op,
  { invalidates }: { invalidates: readonly (readonly unknown[])[] },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Op>) => api.call(operation, input),
    onSuccess: () =>
      Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
