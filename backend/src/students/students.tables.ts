import type { TablesInventory } from '../platform/context/bounded-context';

/** The students context's tables and what their text columns hold of a person. */
export const studentsTables: TablesInventory = {
  students: {
    personal: {
      nome: 'blanked by the read model',
      telefone: 'blanked by the read model',
      whatsapp: 'blanked by the read model',
      email: 'blanked by the read model',
      observacoes: 'blanked by the read model',
    },
  },
  credit_ledger: {
    personal: { reason: 'blanked by the read model' },
    notPersonal: ['type', 'actor_id', 'actor_role'],
  },
};
