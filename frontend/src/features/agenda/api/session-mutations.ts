import { sessionsApi } from '@contracts/scheduling/api';
import { useOperation } from '../../../entities/operation';

/**
 * POST /api/sessions; 400 invalid_range, 409 blocked_period or schedule_conflict (sent again with
 * `allowOverlap: true` it books anyway). With `repeat` it answers the created and refused dates.
 */
export const useBookSession = () => useOperation(sessionsApi.book);

/**
 * PATCH /api/sessions/:id: the fields sent change; `scope: 'following'` changes the later ones of the
 * series too. Answers `warning` ('no_credits' when marked Realizada at zero balance) and `refused`.
 */
export const useChangeSession = () => useOperation(sessionsApi.change);

/**
 * DELETE /api/sessions/:id (`scope=following`: this one and the later ones of its series). Once the
 * list is read again the session is gone and its dialog with it: callers that must act after it
 * (the toast) use `mutateAsync`, which settles whether or not the dialog is still there.
 */
export const useRemoveSession = () => useOperation(sessionsApi.remove);
