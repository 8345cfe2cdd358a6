import type { agendaSettingsApi } from '@contracts/scheduling/api';
import { entityKey } from '../../lib/query-keys';

/** The trainer's availability; an 'availability' change or saving it invalidates it. */
export const availabilityKey = entityKey<typeof agendaSettingsApi.availability>('/availability');
