import type { TablesInventory } from '../platform/context/bounded-context';

/** The agreements context's tables and what their text columns hold of a person. */
export const agreementsTables: TablesInventory = {
  contracts: {
    personal: { titulo: 'deleted with the account', conteudo: 'deleted with the account' },
    notPersonal: ['tipo'],
  },
  contract_signatures: {
    personal: {
      nome: 'blanked by the read model',
      cpf: 'blanked by the read model',
      telefone: 'blanked by the read model',
      personal: 'blanked by the read model',
      texto: 'blanked by the read model',
      user_agent: 'blanked by the read model',
    },
    notPersonal: ['ip_address', 'sha256', 'titulo'],
  },
};
