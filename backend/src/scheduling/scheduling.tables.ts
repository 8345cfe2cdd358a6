import type { TablesInventory } from '../platform/context/bounded-context';

/** The scheduling context's tables and what their text columns hold of a person. */
export const schedulingTables: TablesInventory = {
  sessions: {
    personal: {
      observacoes: 'blanked by the read model',
      nome_informado: 'blanked by the read model',
      lembrete_canal: 'blanked by the read model',
      lembrete_estado: 'blanked by the read model',
    },
    notPersonal: ['origin', 'status'],
  },
  scheduling_students: { personal: { nome: 'blanked by the read model' } },
  scheduling_locations: { personal: { nome: 'deleted with the account' } },
  availability_settings: { notPersonal: ['start_time', 'end_time'] },
  vacations: { personal: { description: 'deleted with the account' } },
  vacation_blocks: {},
  schedule_entries: { notPersonal: ['status'] },
  calendar_feeds: { notPersonal: ['secret_hash'] },
  first_steps: {},
};
