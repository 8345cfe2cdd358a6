import type { Student } from '@contracts/students';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { studentKeys } from './student-keys';

/** GET /api/students/:id */
export function fetchStudent(id: string, signal?: AbortSignal): Promise<Student> {
  return api.get<Student>(`/students/${encodeURIComponent(id)}`, { signal });
}

/** One student; shown at once from the list when it is cached, then read fresh. A 404 is final. */
export function useStudent(id: string) {
  const queryClient = useQueryClient();
  return useQuery<Student>({
    queryKey: studentKeys.detail(id),
    queryFn: ({ signal }) => fetchStudent(id, signal),
    placeholderData: (): Student | undefined =>
      queryClient.getQueryData<Student[]>(studentKeys.list())?.find((student) => student.id === id),
    retry: (failures, error) => !(isApiError(error) && error.statusCode < 500) && failures < 3,
  });
}
