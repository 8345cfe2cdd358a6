/** Query keys of the reminders feature (the 'reminder' realtime change refreshes them all). */
export const reminderKeys = {
  all: ['reminders'] as const,
  settings: () => [...reminderKeys.all, 'settings'] as const,
  tomorrow: () => [...reminderKeys.all, 'tomorrow'] as const,
};
