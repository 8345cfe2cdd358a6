import { agendaSettingsApi } from '@contracts/scheduling/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** Every read under /vacations; a 'vacation' change or a vacation mutation invalidates it. */
export const vacationsKey = pathKey(agendaSettingsApi.vacations);

/** GET /api/vacations: the active periods by start date. */
export const vacationsQuery = () => operationQuery(agendaSettingsApi.vacations, {});
