import type { identityApi } from '@contracts/identity/api';
import { getQuery } from '../../lib/contract-query';
export { twoFactorKey } from './keys';

/** GET /api/auth/mfa/totp: `{ enabled }` for the signed-in user. */
export const twoFactorQuery = () => getQuery<typeof identityApi.totpStatus>('/auth/mfa/totp', {});
