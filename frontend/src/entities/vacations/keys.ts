import type { agendaSettingsApi } from '@contracts/scheduling/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /vacations; a 'vacation' change or a vacation mutation invalidates it. */
export const vacationsKey = entityKey<typeof agendaSettingsApi.vacations>('/vacations');
