import type { identityApi } from '@contracts/identity/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read of the profile; the 'onboarding' change and the user's own commands invalidate it. */
export const meKey = deferredKey<typeof identityApi.me>('/me');
