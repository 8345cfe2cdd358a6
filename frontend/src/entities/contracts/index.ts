import { contractsApi } from '@contracts/agreements/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/contracts: the active contracts, newest first, with their signature counts; `withInactive` adds the deactivated ones. */
export const contractsQuery = ({ withInactive = false }: { withInactive?: boolean } = {}) =>
  getQuery(contractsApi.list, { query: withInactive ? { inativos: 'true' } : {} });

/** GET /api/contracts/:id/signatures: who signed which version and when, with the evidence. */
export const contractSignaturesQuery = (id: string) =>
  getQuery(contractsApi.signatures, { params: { id } });

/** Every read under /contracts; a 'contract' change or a contract mutation invalidates it. */
export const contractsKey = keyOf(contractsApi.list);
