import type { UpdateStudentInput } from '@contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentKeys } from './student-keys';

/** PATCH /api/students/:id with the fields that change; `{ ativo: false }` inactivates. */
export function updateStudent({ id, changes }: { id: string; changes: UpdateStudentInput }) {
  return api.patch<{ id: string; position: number }>(`/students/${encodeURIComponent(id)}`, changes);
}

export function useUpdateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
