import { agendaSettingsApi } from '@contracts/scheduling/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/vacations: the active periods by start date. */
export const vacationsQuery = () => getQuery(agendaSettingsApi.vacations, {});

/** Every read under /vacations; a 'vacation' change or a vacation mutation invalidates it. */
export const vacationsKey = keyOf(agendaSettingsApi.vacations);
