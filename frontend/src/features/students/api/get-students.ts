import type { ListResponse, Student } from '@contracts/students';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentKeys } from './student-keys';

/** GET /api/students: every student of the trainer, active and inactive, by name. */
export async function fetchStudents(signal?: AbortSignal): Promise<Student[]> {
  return (await api.get<ListResponse<Student>>('/students', { signal })).items;
}

export const studentsQueryOptions = () =>
  queryOptions({ queryKey: studentKeys.list(), queryFn: ({ signal }) => fetchStudents(signal) });

/** Refetched when another browser of the tenant changes a student or a balance (realtime). */
export function useStudents() {
  return useQuery(studentsQueryOptions());
}
