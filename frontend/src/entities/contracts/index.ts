import { contractsApi } from '@contracts/agreements/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Every read under /contracts; a 'contract' change or a contract mutation invalidates it. */
export const contractsKey = pathKey(contractsApi.list);

/** GET /api/contracts: the active contracts, newest first, with their signature counts; `withInactive` adds the deactivated ones. */
export const contractsQuery = ({ withInactive = false }: { withInactive?: boolean } = {}) =>
  operationQuery(contractsApi.list, { query: withInactive ? { inativos: 'true' } : {} });

/** GET /api/contracts/:id/signatures: who signed which version and when, with the evidence. */
export const contractSignaturesQuery = (id: string) =>
  operationQuery(contractsApi.signatures, { params: { id } });
