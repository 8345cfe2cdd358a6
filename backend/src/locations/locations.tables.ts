import type { TablesInventory } from '../platform/context/bounded-context';

/** The locations context's tables and what their text columns hold of a person. */
export const locationsTables: TablesInventory = {
  locations: {
    personal: {
      nome: 'deleted with the account',
      endereco: 'deleted with the account',
      cep: 'deleted with the account',
      partes: 'deleted with the account',
    },
  },
};
