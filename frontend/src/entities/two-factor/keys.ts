import type { identityApi } from '@contracts/identity/api';
import { entityKey } from '../../lib/query-keys';

/** Whether two-factor sign-in is on; turning it on or off invalidates it. */
export const twoFactorKey = entityKey<typeof identityApi.totpStatus>('/auth/mfa/totp');
