import type { ResetInput } from '@contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The form checks the body with the API's own rules (contracts/identity resetSchema) first. */
export function resetPassword(input: ResetInput) {
  return api.post<void>('/auth/reset', input, { anonymous: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
