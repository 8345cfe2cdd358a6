import type { SignInInput } from '@contracts/identity/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQuery } from '../../../entities/me';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/**
 * The identity contract, loaded once the sign-in page has rendered: /auth is a first screen, held to
 * a JavaScript budget (vite.config.ts), and the contract brings its zod schemas and the contract
 * library. The login form starts loading it on mount and checks its body with its signInSchema.
 */
export const identityContract = () => import('@contracts/identity/api');

/** POST /api/auth/login; the form checks the body with the API's own rule (contracts' signInSchema) first. */
export async function login(input: SignInInput) {
  const { identityApi } = await identityContract();
  return api.call(identityApi.login, { body: input });
}

/**
 * Logs in, starts the session and reads the profile into the query cache. `onSuccess` is given here,
 * not to `mutate`: the signed-in session redirects away from /auth, and `mutate` callbacks do not
 * run after unmount. (An account with two-factor on answers a challenge, not a session: the SPA
 * has no screen for the code yet, so no session starts.)
 */
export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const signIn = useSession((state) => state.signIn);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const answer = await login(input);
      if ('mfaRequired' in answer) return;
      signIn(answer.accessToken);
      await queryClient.fetchQuery(meQuery());
    },
    onSuccess,
  });
}
