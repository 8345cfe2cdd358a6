import type { Selectable } from 'kysely';
import type { ReminderSettings } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import {
  REMINDER_SETTINGS_EVENT_TYPES,
  type ReminderSettingsEvent,
} from '../domain/reminder-settings.decider';

/** `reminder_settings`: one row per trainer who changed the defaults. */
export const reminderSettingsProjection = streamRowProjection<
  ReminderSettingsEvent,
  Selectable<ReminderSettings>
>({
  name: 'reminder-settings',
  table: 'reminder_settings',
  eventTypes: REMINDER_SETTINGS_EVENT_TYPES,
  changeType: 'reminder',
  nextRow: (_row, stored) => ({
    id: stored.streamId,
    tenantId: stored.tenantId,
    ...stored.event.data,
    version: stored.streamVersion,
  }),
});
