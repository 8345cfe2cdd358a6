import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/me';
import { useSession } from '../../../lib/session-store';

export const loginInputSchema = z.object({
  email: z.email('Email inválido'),
  password: z.string().min(1, 'Informe sua senha'),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

export function login(input: LoginInput) {
  return api.post<{ accessToken: string }>('/auth/login', input, { anonymous: true });
}

/**
 * Logs in, starts the session and reads the profile into the query cache. `onSuccess` is given here,
 * not to `mutate`: the signed-in session redirects away from /auth, and `mutate` callbacks do not
 * run after unmount.
 */
export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const signIn = useSession((state) => state.signIn);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const { accessToken } = await login(input);
      signIn(accessToken);
      await queryClient.fetchQuery(meQueryOptions());
    },
    onSuccess,
  });
}
