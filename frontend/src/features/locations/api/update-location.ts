import type { UpdateLocationInput } from '@contracts/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { locationKeys } from './location-keys';

/** PATCH /api/locations/:id: the fields sent change; `ativo: false` inactivates the location. */
export function updateLocation(id: string, changes: UpdateLocationInput) {
  return api.patch<{ position: number }>(`/locations/${encodeURIComponent(id)}`, changes);
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateLocationInput }) => updateLocation(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
