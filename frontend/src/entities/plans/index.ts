import { plansApi } from '@contracts/plans/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/plans: by name; `withArchived` lists the archived ones too. */
export const plansQuery = ({ withArchived = false }: { withArchived?: boolean } = {}) =>
  getQuery(plansApi.list, { query: withArchived ? { arquivados: 'true' } : {} });

/** Every read of plans; a 'plan' change or a plan mutation invalidates it. */
export const plansKey = keyOf(plansApi.list);
