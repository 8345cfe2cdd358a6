import { agendaSettingsApi } from '@contracts/scheduling/api';
import { operationQuery, pathKey } from '../../lib/contract-query';

/** The trainer's availability; an 'availability' change or saving it invalidates it. */
export const availabilityKey = pathKey(agendaSettingsApi.availability);

/** GET /api/availability: the rows of 'Configurar Horários', in the order they were saved. */
export const availabilityQuery = () => operationQuery(agendaSettingsApi.availability, {});
