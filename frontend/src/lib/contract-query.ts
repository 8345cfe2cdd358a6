import type { AnswerOf, InputOf, Operation } from '@contracts/shared/routes';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';
import { retryUnlessClientError, type OperationError } from './api-error';

/**
 * The key prefix of an operation's reads: its path's segments, '/students/{id}/history' ->
 * ['students', '{id}', 'history'] (the params are in the input, the key's last item).
 */
export const keyOf = (operation: Operation): readonly string[] =>
  operation['~orpc'].route.path?.split('/').filter(Boolean) ?? [];

/**
 * A live read answered in the last minute is shown without asking again when a screen comes back
 * to it, or first shows it after it was read ahead: every change to it reaches the open app as a
 * realtime change, which refetches it, and one made before the socket joined is refetched on joining.
 */
export const LIVE_READ_FRESH_MS = 60_000;

/**
 * The one query definition of a GET operation: `getQuery(studentsApi.get, { params: { id } })`.
 * Its key is the path's segments, then the input; the answer is cached as the server sends it
 * (screens narrow it with `select`), its error typed by the codes the operation declares, a 4xx
 * taken as the answer, not retried; a public operation is read without a token (a 401 is an
 * answer). Only the operation's route is read: the entities get it without the zod schemas
 * (frontend/build/minified-contracts.ts).
 */
export function getQuery<Op extends Operation>(operation: Op, input: InputOf<Op>) {
  return queryOptions<AnswerOf<Op>, OperationError<Op>, AnswerOf<Op>, QueryKey>({
    queryKey: [...keyOf(operation), input],
    queryFn: ({ signal }) => api.call(operation, input, { signal }),
    retry: retryUnlessClientError,
  });
}

/** getQuery of a live read: shown for LIVE_READ_FRESH_MS without asking again. */
export const liveQuery = <Op extends Operation>(operation: Op, input: InputOf<Op>) => ({
  ...getQuery(operation, input),
  staleTime: LIVE_READ_FRESH_MS,
});

/** A list answer narrowed to its items, for `select`. */
export const itemsOf = <Item>(answer: { items: Item[] }): Item[] => answer.items;
