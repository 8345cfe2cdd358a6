import { identityApi } from '@contracts/identity/api';
import { useOperation } from '../../../entities/operation';

/** POST /api/auth/reset; the form checks the body with contracts' resetSchema first. */
export const useResetPassword = () => useOperation(identityApi.reset);
