import { sessionsApi } from '@contracts/scheduling/api';
import { dashboardKey } from '../../../entities/dashboard';
import { sessionsKey, studentSessionsKey } from '../../../entities/sessions';
import { studentsKey } from '../../../entities/students';
import { useOperation } from '../../../lib/contract-query';

/**
 * What a session's change makes stale: the agenda, the dashboard's counts, and the students (a
 * status moves a student's credits; so does removing a session done or cancelled late).
 */
const SESSION_READS = [sessionsKey, studentSessionsKey, dashboardKey, studentsKey];

/**
 * POST /api/sessions; 400 invalid_range, 409 blocked_period or schedule_conflict (sent again with
 * `allowOverlap: true` it books anyway). With `repeat` it answers the created and refused dates.
 */
export const useBookSession = () => useOperation(sessionsApi.book, { invalidates: SESSION_READS });

/**
 * PATCH /api/sessions/:id: the fields sent change; `scope: 'following'` changes the later ones of the
 * series too. Answers `warning` ('no_credits' when marked Realizada at zero balance) and `refused`.
 */
export const useChangeSession = () => useOperation(sessionsApi.change, { invalidates: SESSION_READS });

/**
 * DELETE /api/sessions/:id (`scope=following`: this one and the later ones of its series). Once the
 * list is read again the session is gone and its dialog with it: callers that must act after it
 * (the toast) use `mutateAsync`, which settles whether or not the dialog is still there.
 */
export const useRemoveSession = () => useOperation(sessionsApi.remove, { invalidates: SESSION_READS });
