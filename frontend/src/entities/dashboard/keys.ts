import type { dashboardApi } from '@contracts/scheduling/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read of the dashboard; a session or directory change invalidates it. */
export const dashboardKey = deferredKey<typeof dashboardApi.get>('/dashboard');
