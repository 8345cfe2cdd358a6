import { studentFormSchema, type StudentProfile } from '@contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { studentKeys } from './student-keys';

/** The new-student form's checked body (contracts `studentFormSchema`: WhatsApp required, digits). */
export type NewStudentInput = z.output<typeof studentFormSchema>;

/** POST /api/students -> 201 { id, position }; the student starts with 0 credits. */
export function createStudent(input: NewStudentInput | StudentProfile) {
  return api.post<{ id: string; position: number }>('/students', input);
}

export function useCreateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudent,
    // The API makes this browser's next reads wait for its own write: the list shows the new student.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
