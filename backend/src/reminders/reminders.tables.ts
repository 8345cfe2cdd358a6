import type { TablesInventory } from '../platform/context/bounded-context';

/** The reminders context's tables and what their text columns hold of a person. */
export const remindersTables: TablesInventory = {
  reminder_sessions: { notPersonal: ['status'] },
  reminder_students: {
    personal: {
      nome: 'blanked by the read model',
      email: 'blanked by the read model',
      whatsapp: 'blanked by the read model',
    },
  },
  reminder_locations: { personal: { nome: 'deleted with the account' } },
  reminder_settings: {},
  reminder_jobs: { notPersonal: ['job_id'], atClosing: 'by its context' },
  reminder_deliveries: { notPersonal: ['canal'] },
  reminder_digests: {},
};
