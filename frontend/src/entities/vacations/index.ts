import { agendaSettingsApi } from '@contracts/scheduling/api';
import { operationQuery } from '../../lib/contract-query';
export { vacationsKey } from './keys';

/** GET /api/vacations: the active periods by start date. */
export const vacationsQuery = () => operationQuery(agendaSettingsApi.vacations, {});
