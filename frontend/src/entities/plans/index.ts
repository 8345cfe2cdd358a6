import { plansApi } from '@contracts/plans/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Every read of plans; a 'plan' change or a plan mutation invalidates it. */
export const plansKey = pathKey(plansApi.list);

/** GET /api/plans: by name; `withArchived` lists the archived ones too. */
export const plansQuery = ({ withArchived = false }: { withArchived?: boolean } = {}) =>
  operationQuery(plansApi.list, { query: withArchived ? { arquivados: 'true' } : {} });
