import { identityApi } from '@contracts/identity/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/mfa/totp/enroll: a new secret and its QR code, not active until confirmed. */
export const useEnrollTwoFactor = () =>
  useMutation({ mutationFn: () => api.call(identityApi.enrollTotp, {}) });
