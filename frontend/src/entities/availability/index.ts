import type { agendaSettingsApi } from '@contracts/scheduling/api';
import { getQuery } from '../../lib/contract-query';
export { availabilityKey } from './keys';

/** GET /api/availability: the rows of 'Configurar Horários', in the order they were saved. */
export const availabilityQuery = () => getQuery<typeof agendaSettingsApi.availability>('/availability', {});
