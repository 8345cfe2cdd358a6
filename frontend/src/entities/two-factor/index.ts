import { identityApi } from '@contracts/identity/api';
import { operationQuery } from '../../lib/contract-query';
export { twoFactorKey } from './keys';

/** GET /api/auth/mfa/totp: `{ enabled }` for the signed-in user. */
export const twoFactorQuery = () => operationQuery(identityApi.totpStatus, {});
