import type { Plan } from '@contracts/plans/api';
import type { Student } from '@contracts/students/api';
import { SimpleGrid } from '@mantine/core';
import { startTransition, useEffect, useRef, useState } from 'react';
import { StudentCard, type StudentCardActions } from './student-card';

/** Cards rendered at first, and added each time the end of the list comes near. */
export const STUDENTS_PAGE_SIZE = 48;

export interface StudentListProps extends StudentCardActions {
  students: readonly Student[];
  plansById: ReadonlyMap<string, Plan>;
  plansLoading: boolean;
  renewingIds: readonly string[];
  invitingIds: readonly string[];
}

/**
 * The cards, rendered a page at a time: 48 first, 48 more whenever the end of what is rendered
 * comes within about two screens. 500 students do not cost 500 cards before the first paint.
 */
export function StudentList({
  students,
  plansById,
  plansLoading,
  renewingIds,
  invitingIds,
  ...actions
}: StudentListProps) {
  // Without IntersectionObserver (old browsers, jsdom) every card renders at once.
  const [limit, setLimit] = useState(() =>
    typeof IntersectionObserver === 'undefined' ? Number.POSITIVE_INFINITY : STUDENTS_PAGE_SIZE,
  );
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = students.length > limit;

  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: React renders the next cards in slices, so scrolling does not stall on them.
        if (entries.some((entry) => entry.isIntersecting)) {
          startTransition(() => setLimit((current) => current + STUDENTS_PAGE_SIZE));
        }
      },
      { rootMargin: '1600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, limit]);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        {students.slice(0, limit).map((student) => (
          <StudentCard
            key={student.id}
            student={student}
            plan={student.planoId ? plansById.get(student.planoId) : undefined}
            plansLoading={plansLoading}
            renewing={renewingIds.includes(student.id)}
            inviting={invitingIds.includes(student.id)}
            {...actions}
          />
        ))}
      </SimpleGrid>
      {hasMore && <div ref={sentinel} aria-hidden style={{ height: 1 }} />}
    </>
  );
}
