import { identityApi } from '@contracts/identity/api';
import { useOperation } from '../../../entities/operation';

/**
 * POST /api/invites -> { token, inviteUrl, expiresAt } (7 days, single use; links already sent stay
 * valid); 409 student_has_account when the student already signed up. Nothing read changes.
 */
export const useCreateInvite = () => useOperation(identityApi.createInvite);
