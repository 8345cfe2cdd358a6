import type { TablesInventory } from '../platform/context/bounded-context';

/** The tasks context's tables and what their text columns hold of a person. */
export const tasksTables: TablesInventory = {
  task_lists: { personal: { nome: 'deleted with the account' }, notPersonal: ['cor'] },
  tasks: {
    personal: { titulo: 'deleted with the account', descricao: 'deleted with the account' },
    notPersonal: ['hora_vencimento', 'repeticao'],
  },
};
