import type { StudentContract } from '@contracts/agreements';
import type { ListResponse } from '@contracts/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentAreaKeys } from './student-area-keys';

/** GET /api/student/contracts: the trainer's active contracts, to sign or signed. */
export async function fetchOwnContracts(signal?: AbortSignal): Promise<StudentContract[]> {
  return (await api.get<ListResponse<StudentContract>>('/student/contracts', { signal })).items;
}

export function useOwnContracts() {
  return useQuery({ queryKey: studentAreaKeys.contracts(), queryFn: ({ signal }) => fetchOwnContracts(signal) });
}
