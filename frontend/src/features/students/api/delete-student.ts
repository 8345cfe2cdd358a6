import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studentKeys } from './student-keys';

/** DELETE /api/students/:id; 409 has_links while sessions or payments refer to the student. */
export function deleteStudent(id: string) {
  return api.delete<{ id: string; position: number }>(`/students/${encodeURIComponent(id)}`);
}

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: studentKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: studentKeys.list() });
    },
  });
}
