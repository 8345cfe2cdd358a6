import type { sessionsApi } from '@contracts/scheduling/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /sessions; a 'session', 'schedule' or 'directory' change, or a session mutation, invalidates it. */
export const sessionsKey = entityKey<typeof sessionsApi.list>('/sessions');

/** Every read of a student's sessions; a 'session' change (or a student's) invalidates it. */
export const studentSessionsKey =
  entityKey<typeof sessionsApi.ofStudent>('/students/{id}/sessions');
