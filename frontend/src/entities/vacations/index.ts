import type { agendaSettingsApi } from '@contracts/scheduling/api';
import { getQuery } from '../../lib/contract-query';
export { vacationsKey } from './keys';

/** GET /api/vacations: the active periods by start date. */
export const vacationsQuery = () => getQuery<typeof agendaSettingsApi.vacations>('/vacations', {});
