import type { CreditHistoryItem, ListResponse } from '@contracts/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentAreaKeys } from './student-area-keys';

/** GET /api/student/history: the student's own credit history (the trainer's shape). */
export async function fetchOwnHistory(signal?: AbortSignal): Promise<CreditHistoryItem[]> {
  return (await api.get<ListResponse<CreditHistoryItem>>('/student/history', { signal })).items;
}

export function useOwnHistory() {
  return useQuery({ queryKey: studentAreaKeys.history(), queryFn: ({ signal }) => fetchOwnHistory(signal) });
}
