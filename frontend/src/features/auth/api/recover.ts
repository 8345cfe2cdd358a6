import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const recoverInputSchema = z.object({ email: z.email('Email inválido') });
export type RecoverInput = z.infer<typeof recoverInputSchema>;

export function recover(input: RecoverInput) {
  return api.post<void>('/auth/recover', input, { anonymous: true });
}

export function useRecover() {
  return useMutation({ mutationFn: recover });
}
