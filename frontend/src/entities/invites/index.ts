import { identityApi } from '@contracts/identity/api';
import { queryOptions } from '@tanstack/react-query';
import { getQuery } from '../../lib/contract-query';
import { NOT_SAVED } from '../../lib/query-meta';

/**
 * GET /api/invites/:token (public): whose invite it is; 404 convite_invalido when invalid, used or
 * expired. An invite does not change while the page is open, and it is never kept offline.
 */
export const inviteQuery = (token: string) =>
  queryOptions({
    ...getQuery(identityApi.invite, { params: { token } }),
    staleTime: Infinity,
    meta: NOT_SAVED,
  });
