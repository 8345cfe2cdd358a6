import type { CreditHistoryItem, ListResponse } from '@contracts/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentKeys } from './student-keys';

/** GET /api/students/:id/history: the audit trail of the student's credits, oldest first. */
export async function fetchStudentHistory(id: string, signal?: AbortSignal): Promise<CreditHistoryItem[]> {
  return (await api.get<ListResponse<CreditHistoryItem>>(`/students/${encodeURIComponent(id)}/history`, { signal })).items;
}

export function useStudentHistory(id: string) {
  return useQuery({ queryKey: studentKeys.history(id), queryFn: ({ signal }) => fetchStudentHistory(id, signal) });
}
