import type { ListResponse, Student } from '@contracts/students';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { agendaKeys } from './agenda-keys';

/** GET /api/students: who a session can be booked for (the form lists the active ones), with balances. */
export async function fetchStudents(signal?: AbortSignal): Promise<Student[]> {
  return (await api.get<ListResponse<Student>>('/students', { signal })).items;
}

export function useAgendaStudents() {
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.students(),
      queryFn: ({ signal }) => fetchStudents(signal),
      retry: retryUnlessClientError,
    }),
  );
}
