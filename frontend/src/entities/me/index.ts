import { identityApi, type Me } from '@contracts/identity/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getQuery, keyOf } from '../../lib/contract-query';
import { useSession } from '../../lib/session-store';

/**
 * The signed-in user (GET /api/me), read by the shell and /auth, the first screens. The profile changes only through the user's own
 * commands and the realtime 'onboarding' change, which invalidate it: it never goes stale on its own.
 */
export const meQuery = () =>
  queryOptions({
    ...getQuery(identityApi.me, {}),
    staleTime: Infinity,
  });

export type { Me };

/**
 * The signed-in user's profile, read while there is a session. When it cannot be read, the session
 * ends: a user without a profile is sent to /auth (spec 000 §2).
 */
export function useMe() {
  const signedIn = useSession((state) => state.status === 'signed-in');
  const me = useQuery({ ...meQuery(), enabled: signedIn });
  const failed = signedIn && me.isError;

  useEffect(() => {
    if (failed) useSession.getState().clear();
  }, [failed]);

  return me;
}

/** Every read of the profile; the 'onboarding' change and the user's own commands invalidate it. */
export const meKey = keyOf(identityApi.me);
