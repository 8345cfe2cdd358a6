import { identityApi } from '@contracts/identity/api';
import { getQuery } from '../../lib/contract-query';

/** GET /api/auth/mfa/totp: `{ enabled }` for the signed-in user. */
export const twoFactorQuery = () => getQuery(identityApi.totpStatus, {});
