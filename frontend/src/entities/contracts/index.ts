import type { contractsApi } from '@contracts/agreements/api';
import { getQuery } from '../../lib/contract-query';
export { contractsKey } from './keys';

/** GET /api/contracts: the active contracts, newest first, with their signature counts; `withInactive` adds the deactivated ones. */
export const contractsQuery = ({ withInactive = false }: { withInactive?: boolean } = {}) =>
  getQuery<typeof contractsApi.list>('/contracts', { query: withInactive ? { inativos: 'true' } : {} });

/** GET /api/contracts/:id/signatures: who signed which version and when, with the evidence. */
export const contractSignaturesQuery = (id: string) =>
  getQuery<typeof contractsApi.signatures>('/contracts/{id}/signatures', { params: { id } });
