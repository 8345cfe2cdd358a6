import { identityApi } from '@contracts/identity/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Whether two-factor sign-in is on; turning it on or off invalidates it. */
export const twoFactorKey = pathKey(identityApi.totpStatus);

/** GET /api/auth/mfa/totp: `{ enabled }` for the signed-in user. */
export const twoFactorQuery = () => operationQuery(identityApi.totpStatus, {});
