import type { Student } from '@contracts/students/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { studentQuery, studentsQuery } from '../../../entities/students';

/** One student; shown at once from the list when it is cached, then read fresh. A 404 is final. */
export function useStudent(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...studentQuery(id),
    placeholderData: (): Student | undefined =>
      queryClient.getQueryData(studentsQuery().queryKey)?.items.find((student) => student.id === id),
  });
}
