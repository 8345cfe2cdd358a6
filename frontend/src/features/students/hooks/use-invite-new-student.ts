import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { createInvite } from '../api/create-invite';
import { fetchStudent } from '../api/get-student';

/** Waits before asking again while the new student is not readable yet (about 7 s in all). */
export const INVITE_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The invite right after the student is created (spec 001 §7). POST /api/invites looks the student
 * up in the students read model without waiting for the caller's last write: a first GET of the
 * student (which does wait, about 3 s) lets the projection catch up, and a 404 from a projection
 * that is slower still is asked again a few times before it counts as an error.
 */
export async function inviteNewStudent(studentId: string, delays: readonly number[] = INVITE_RETRY_DELAYS_MS) {
  await fetchStudent(studentId).catch(() => undefined);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await createInvite({ studentId });
    } catch (error) {
      if (!isApiError(error, 'not_found') || attempt >= delays.length) throw error;
      await pause(delays[attempt]);
    }
  }
}

export function useInviteNewStudent() {
  return useMutation({ mutationFn: (studentId: string) => inviteNewStudent(studentId) });
}
