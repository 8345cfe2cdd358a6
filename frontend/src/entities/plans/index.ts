import { plansApi } from '@contracts/plans/api';
import { operationQuery } from '../../lib/contract-query';
export { plansKey } from './keys';

/** GET /api/plans: by name; `withArchived` lists the archived ones too. */
export const plansQuery = ({ withArchived = false }: { withArchived?: boolean } = {}) =>
  operationQuery(plansApi.list, { query: withArchived ? { arquivados: 'true' } : {} });
