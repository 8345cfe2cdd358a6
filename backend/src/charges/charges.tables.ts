import type { TablesInventory } from '../platform/context/bounded-context';

/** The charges context's tables and what their text columns hold of a person. */
export const chargesTables: TablesInventory = {
  charges: {
    personal: {
      student_nome: 'blanked by the read model',
      telefone: 'blanked by the read model',
      br_code: 'deleted with the account',
    },
    notPersonal: ['plan_nome', 'pagamento', 'motivo', 'provedor', 'origem', 'status', 'txid'],
  },
  charge_txids: { notPersonal: ['txid'] },
  charge_psp_checks: { notPersonal: ['txid'] },
  cycle_charge_notices: {},
  subscriptions: {
    personal: { pix_automatico_qr: 'deleted with the account' },
    notPersonal: [
      'plan_nome',
      'status',
      'pix_automatico',
      'pix_automatico_falha',
      'id_rec',
      'recusas',
      'billing',
    ],
  },
  recurrence_checks: { notPersonal: ['id_rec'] },
  pix_provider_credentials: { notPersonal: ['certificado', 'client_secret', 'chave_privada'] },
};
