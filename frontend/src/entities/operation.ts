import type { AnswerOf, InputOf, Operation } from '@contracts/shared/routes';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { OperationError } from '../lib/api-error';
import { keyOf } from '../lib/contract-query';

/**
 * The reads of the resource a signed-in user's command acts on: those under its path without the
 * last segment ('/settings/pix' -> /settings, '/auth/mfa/totp/activate' -> /auth/mfa/totp), or
 * under the path itself when it has one segment ('/tasks'). Some of them no change names (a
 * setting, two-factor). A visitor's command (an invite accepted, a public booking) leaves the page's
 * reads alone: read again, a used invite would answer that it is no longer valid.
 */
function ownResource(operation: Operation): QueryKey[] {
  if (operation['~orpc'].meta.audience === 'public') return [];
  const segments = keyOf(operation);
  return [segments.length > 1 ? segments.slice(0, -1) : segments];
}

/**
 * What a command makes stale, derived from its operation: what a socket refetches on the changes it
 * declares (`changes` in its contract, through the map of entities/changes.ts, a student's own for
 * an aluno's command), and its own resource's reads. The map is loaded with the realtime client,
 * after the first screen; a command waits for it once.
 */
export async function readsChangedBy(operation: Operation): Promise<QueryKey[]> {
  const { invalidatedByChange, invalidatedForStudent } = await import('./changes');
  const { meta } = operation['~orpc'];
  const map = meta.audience === 'aluno' ? invalidatedForStudent : invalidatedByChange;
  const keys = new Map<string, QueryKey>();
  for (const key of [...ownResource(operation), ...meta.changes.flatMap((change) => map[change])])
    keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

/** Once a command answered: the reads it made stale refetch (the server already makes them wait for it). */
export async function invalidateAfter(queryClient: QueryClient, operation: Operation): Promise<void> {
  const keys = await readsChangedBy(operation);
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A command as a mutation: `mutate(input)` calls the operation; its error is typed by the codes the
 * operation declares; once it answers, what it changed refetches (`readsChangedBy`).
 */
export function useOperation<Op extends Operation>(operation: Op) {
  const queryClient = useQueryClient();
  return useMutation<AnswerOf<Op>, OperationError<Op>, InputOf<Op>>({
    mutationFn: (input) => api.call(operation, input),
    onSuccess: () => invalidateAfter(queryClient, operation),
  });
}
