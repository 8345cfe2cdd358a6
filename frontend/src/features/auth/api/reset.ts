import { identityApi } from '@contracts/identity/api';
import { useOperation } from '../../../lib/contract-query';

/** POST /api/auth/reset; the form checks the body with contracts' resetSchema first. */
export const useResetPassword = () => useOperation(identityApi.reset, { invalidates: [] });
