import { contractsApi } from '@contracts/agreements/api';
import { operationQuery } from '../../lib/contract-query';
export { contractsKey } from './keys';

/** GET /api/contracts: the active contracts, newest first, with their signature counts; `withInactive` adds the deactivated ones. */
export const contractsQuery = ({ withInactive = false }: { withInactive?: boolean } = {}) =>
  operationQuery(contractsApi.list, { query: withInactive ? { inativos: 'true' } : {} });

/** GET /api/contracts/:id/signatures: who signed which version and when, with the evidence. */
export const contractSignaturesQuery = (id: string) =>
  operationQuery(contractsApi.signatures, { params: { id } });
