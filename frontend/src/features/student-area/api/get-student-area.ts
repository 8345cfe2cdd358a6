import type { StudentArea } from '@contracts/student-area';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentAreaKeys } from './student-area-keys';

/** GET /api/student/me: the student's name, balance, next sessions, pending contracts and trainer. */
export function fetchStudentArea(signal?: AbortSignal): Promise<StudentArea> {
  return api.get<StudentArea>('/student/me', { signal });
}

export function useStudentArea() {
  return useQuery({ queryKey: studentAreaKeys.me(), queryFn: ({ signal }) => fetchStudentArea(signal) });
}
