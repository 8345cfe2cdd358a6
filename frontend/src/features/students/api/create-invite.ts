import type { CreatedInvite, CreateInviteInput } from '@contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/invites -> { token, inviteUrl, expiresAt } (7 days, single use; a new one supersedes
 * the last); 409 student_has_account when the student already signed up.
 */
export function createInvite(input: CreateInviteInput) {
  return api.post<CreatedInvite>('/invites', input);
}

export function useCreateInvite() {
  return useMutation({ mutationFn: createInvite });
}
