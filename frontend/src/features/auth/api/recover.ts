import { identityApi } from '@contracts/identity/api';
import { useOperation } from '../../../entities/operation';

/** POST /api/auth/recover (always 200); the form checks the body with contracts' recoverSchema first. */
export const useRecover = () => useOperation(identityApi.recover);
