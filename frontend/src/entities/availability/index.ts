import { agendaSettingsApi } from '@contracts/scheduling/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/availability: the rows of 'Configurar Horários', in the order they were saved. */
export const availabilityQuery = () => getQuery(agendaSettingsApi.availability, {});

/** The trainer's availability; an 'availability' change or saving it invalidates it. */
export const availabilityKey = keyOf(agendaSettingsApi.availability);
