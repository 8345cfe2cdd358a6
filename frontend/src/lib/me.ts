import type { Me } from '@contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { isApiError } from './api-error';
import { useSession } from './session-store';

/** Query keys of the signed-in user's profile (GET /api/me). */
export const meKeys = {
  all: ['me'] as const,
};

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/me', { signal });
}

const RETRIES = 3;

/**
 * The profile changes only through the user's own commands and the realtime 'onboarding' change,
 * which invalidate it: it never goes stale on its own. An answer such as 404 (no profile) is final.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: Infinity,
    retry: (failures, error) => !(isApiError(error) && error.statusCode < 500) && failures < RETRIES,
  });

/**
 * The signed-in user's profile, read while there is a session. When it cannot be read, the session
 * ends: a user without a profile is sent to /auth (spec 000 §2).
 */
export function useMe() {
  const signedIn = useSession((state) => state.status === 'signed-in');
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const failed = signedIn && me.isError;

  useEffect(() => {
    if (failed) useSession.getState().clear();
  }, [failed]);

  return me;
}
