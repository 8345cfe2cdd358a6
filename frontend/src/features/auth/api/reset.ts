import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const resetInputSchema = z.object({
  token: z.string().min(1),
  password: z.string().min(6, 'A senha deve ter no mínimo 6 caracteres'),
});
export type ResetInput = z.infer<typeof resetInputSchema>;

export function resetPassword(input: ResetInput) {
  return api.post<void>('/auth/reset', input, { anonymous: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
