import type { plansApi } from '@contracts/plans/api';
import { getQuery } from '../../lib/contract-query';
export { plansKey } from './keys';

/** GET /api/plans: by name; `withArchived` lists the archived ones too. */
export const plansQuery = ({ withArchived = false }: { withArchived?: boolean } = {}) =>
  getQuery<typeof plansApi.list>('/plans', { query: withArchived ? { arquivados: 'true' } : {} });
