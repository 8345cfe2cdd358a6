import type { TablesInventory } from '../platform/context/bounded-context';

/** The plans context's tables and what their text columns hold of a person. */
export const plansTables: TablesInventory = {
  plans: { notPersonal: ['nome', 'descricao', 'cobranca_tipo'] },
};
