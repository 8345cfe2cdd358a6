import { agendaSettingsApi } from '@contracts/scheduling/api';
import { operationQuery } from '../../lib/contract-query';
export { availabilityKey } from './keys';

/** GET /api/availability: the rows of 'Configurar Horários', in the order they were saved. */
export const availabilityQuery = () => operationQuery(agendaSettingsApi.availability, {});
