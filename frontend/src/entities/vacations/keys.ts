import type { agendaSettingsApi } from '@contracts/scheduling/api';
import { deferredKey } from '../../lib/query-keys';

/** Every read under /vacations; a 'vacation' change or a vacation mutation invalidates it. */
export const vacationsKey = deferredKey<typeof agendaSettingsApi.vacations>('/vacations');
