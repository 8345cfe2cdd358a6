import type { Student } from '@contracts/students';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { financeKeys } from './finance-keys';

/** GET /api/students, only the active students' ids and names: who may have paid a receita. */
export function usePayers(enabled: boolean) {
  return useQuery({
    queryKey: [...financeKeys.all, 'payers'] as const,
    queryFn: ({ signal }) => api.get<{ items: Student[] }>('/students', { signal }),
    enabled,
    retry: retryUnlessClientError,
    select: (answer) =>
      answer.items
        .filter((student) => student.ativo)
        .map((student) => ({ value: student.id, label: student.nome }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
  });
}
