import type { identityApi } from '@contracts/identity/api';
import { entityKey } from '../../lib/query-keys';

/** Every read of the profile; the 'onboarding' change and the user's own commands invalidate it. */
export const meKey = entityKey<typeof identityApi.me>('/me');
