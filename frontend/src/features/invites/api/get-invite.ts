import type { InviteView } from '@contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { NOT_SAVED } from '../../../app/offline/persisted-cache';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { inviteKeys } from './invite-keys';

/** GET /api/invites/:token (public) -> whose invite it is; 404 convite_invalido when invalid, used or expired. */
export function fetchInvite(token: string, signal?: AbortSignal): Promise<InviteView> {
  return api.get<InviteView>(`/invites/${encodeURIComponent(token)}`, { signal, anonymous: true });
}

export function useInvite(token: string) {
  return useQuery({
    queryKey: inviteKeys.detail(token),
    queryFn: ({ signal }) => fetchInvite(token, signal),
    // An invalid invite stays invalid; only a failure of the server or the network is retried.
    retry: (failures, error) => !(isApiError(error) && error.statusCode < 500) && failures < 3,
    staleTime: Infinity,
    meta: NOT_SAVED,
  });
}
