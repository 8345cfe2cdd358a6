import type { agendaSettingsApi } from '@contracts/scheduling/api';
import { deferredKey } from '../../lib/query-keys';

/** The trainer's availability; an 'availability' change or saving it invalidates it. */
export const availabilityKey = deferredKey<typeof agendaSettingsApi.availability>('/availability');
