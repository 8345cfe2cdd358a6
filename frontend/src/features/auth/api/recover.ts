import type { RecoverInput } from '@contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The form checks the body with the API's own rule (contracts/identity recoverSchema) first. */
export function recover(input: RecoverInput) {
  return api.post<void>('/auth/recover', input, { anonymous: true });
}

export function useRecover() {
  return useMutation({ mutationFn: recover });
}
