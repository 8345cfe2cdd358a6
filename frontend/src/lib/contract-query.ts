import type { AnswerOf, InputOf, Operation } from '@contracts/shared/routes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, filledPath, type QueryParams } from './api-client';
import { retryUnlessClientError } from './api-error';
import { keyOfPath } from './query-keys';

/**
 * The one query definition of a GET operation, typed by it: `getQuery<typeof api.op>(path, input)`.
 * Its key is the path's segments, then the input; the answer is cached as the server sends it
 * (screens narrow it with `select`), and a 4xx is taken as the answer, not retried. A GET needs
 * only its path (no body, and answers are not parsed on this side), so no read loads a contract's
 * zod schemas: their evaluation (over 100 ms on a slow phone) waits for a screen that writes.
 * entities/query-definitions.test.ts holds each path to be its operation's, and `anonymous` (no
 * token; a 401 is an answer) to be set exactly for the public ones.
 */
export function getQuery<Op extends Operation>(
  path: Op['~operation']['path'],
  input: InputOf<Op>,
  { anonymous = false }: { anonymous?: boolean } = {},
) {
  const { params, query } = input as { params?: Record<string, string>; query?: QueryParams };
  return queryOptions({
    queryKey: [...keyOfPath(path), input] as const,
    queryFn: ({ signal }) => api.get<AnswerOf<Op>>(filledPath(path, params), { query, signal, anonymous }),
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
