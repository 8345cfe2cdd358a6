import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

/** DELETE /api/locations/:id; 409 `has_links` while sessions use it (inactivate it instead). */
export function removeLocation(id: string) {
  return api.delete<{ position: number }>(`/locations/${encodeURIComponent(id)}`);
}

export function useRemoveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
