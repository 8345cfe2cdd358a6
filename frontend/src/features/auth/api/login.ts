import type { identityApi as IdentityApi, SignInInput } from '@contracts/identity/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQuery } from '../../../entities/me';
import { api } from '../../../lib/api-client';
import type { OperationError } from '../../../lib/api-error';
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

/** What a sign-in step ends with: signed in, or the second step's challenge to answer. */
export type SignInOutcome = { signedIn: true } | { signedIn: false; challengeToken: string };

/**
 * Starts the session of an answer and reads the profile into the query cache; an account with
 * two-factor on answers a challenge instead, for the code (useVerifyCode).
 */
function useSessionFrom() {
  const signIn = useSession((state) => state.signIn);
  const queryClient = useQueryClient();
  return async (answer: { accessToken: string } | { mfaRequired: true; challengeToken: string }): Promise<SignInOutcome> => {
    if ('mfaRequired' in answer) return { signedIn: false, challengeToken: answer.challengeToken };
    signIn(answer.accessToken);
    await queryClient.fetchQuery(meQuery());
    return { signedIn: true };
  };
}

/**
 * Logs in with e-mail and password. `onSignedIn` is given here, not to `mutate`: the signed-in
 * session redirects away from /auth, and `mutate` callbacks do not run after unmount.
 */
export function useLogin({ onSignedIn }: { onSignedIn?: () => void } = {}) {
  const sessionFrom = useSessionFrom();
  return useMutation<SignInOutcome, OperationError<typeof IdentityApi.login>, SignInInput>({
    mutationFn: async (input) => sessionFrom(await login(input)),
    onSuccess: (outcome) => {
      if (outcome.signedIn) onSignedIn?.();
    },
  });
}

/** POST /api/auth/mfa/verify: the second step, with the app's code or a recovery code. */
export function useVerifyCode({ onSignedIn }: { onSignedIn?: () => void } = {}) {
  const sessionFrom = useSessionFrom();
  return useMutation<SignInOutcome, OperationError<typeof IdentityApi.verifyMfa>, { challengeToken: string; code: string }>({
    mutationFn: async (input) => {
      const { identityApi } = await identityContract();
      return sessionFrom(await api.call(identityApi.verifyMfa, { body: input }));
    },
    onSuccess: () => onSignedIn?.(),
  });
}
