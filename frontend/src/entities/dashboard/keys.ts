import type { dashboardApi } from '@contracts/scheduling/api';
import { entityKey } from '../../lib/query-keys';

/** Every read of the dashboard; a session or directory change invalidates it. */
export const dashboardKey = entityKey<typeof dashboardApi.get>('/dashboard');
