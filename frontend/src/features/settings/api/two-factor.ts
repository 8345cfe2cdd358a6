import { identityApi } from '@contracts/identity/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useOperation } from '../../../entities/operation';

/** POST /api/auth/mfa/totp/enroll: a new secret and its QR code, not active until confirmed. */
export const useEnrollTwoFactor = () => useMutation({ mutationFn: () => api.call(identityApi.enrollTotp, {}) });

/** POST /api/auth/mfa/totp/activate: the first code turns it on and answers the recovery codes. */
export const useActivateTwoFactor = () => useOperation(identityApi.activateTotp);

/** DELETE /api/auth/mfa/totp: turning it off takes the password and a current code or a recovery code. */
export const useRemoveTwoFactor = () => useOperation(identityApi.removeTotp);
