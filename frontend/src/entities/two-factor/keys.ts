import type { identityApi } from '@contracts/identity/api';
import { deferredKey } from '../../lib/query-keys';

/** Whether two-factor sign-in is on; turning it on or off invalidates it. */
export const twoFactorKey = deferredKey<typeof identityApi.totpStatus>('/auth/mfa/totp');
