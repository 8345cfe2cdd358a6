import { v5 as uuidv5 } from 'uuid';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '../../contracts/reminders/api';
import type { Decider } from '../../platform/event-store/decider';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a trainer's reminder settings stream: every save states them all. */
export const reminderSettingsEvents = {
  ReminderSettingsChanged: eventData<ReminderSettings>(),
};
export type ReminderSettingsEvent = EventsOf<typeof reminderSettingsEvents>;
export const REMINDER_SETTINGS_EVENT_TYPES = eventTypesOf(reminderSettingsEvents);

export type ReminderSettingsCommand = { type: 'SetReminderSettings'; settings: ReminderSettings };

/** Namespace of the reminder settings streams' ids (fixed forever). */
const REMINDER_SETTINGS_NAMESPACE = '6d2f8e1a-3c4b-4f7a-9e05-b18c2d7a4e93';

/** The one reminder settings stream of a trainer. */
export const reminderSettingsStreamId = (tenantId: string): string =>
  uuidv5(tenantId, REMINDER_SETTINGS_NAMESPACE);

const same = (a: ReminderSettings, b: ReminderSettings) =>
  a.ativo === b.ativo &&
  a.antecedenciaHoras === b.antecedenciaHoras &&
  a.resumoDiario === b.resumoDiario &&
  a.horaResumo === b.horaResumo;

/** Saving the settings as they are writes nothing. */
export const reminderSettingsDecider: Decider<
  ReminderSettingsCommand,
  ReminderSettingsEvent,
  ReminderSettings
> = {
  streamType: 'reminder-settings',
  initialState: () => DEFAULT_REMINDER_SETTINGS,
  evolve: (_state, event) => event.data,
  decide: (command, state) =>
    same(state, command.settings)
      ? []
      : [{ type: 'ReminderSettingsChanged', data: command.settings }],
};
