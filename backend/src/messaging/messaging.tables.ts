import type { TablesInventory } from '../platform/context/bounded-context';

/** The messaging context's tables and what their text columns hold of a person. */
export const messagingTables: TablesInventory = {
  push_subscriptions: {
    personal: {
      endpoint: 'deleted with the person',
      p256dh: 'deleted with the person',
      auth: 'deleted with the person',
      user_agent: 'deleted with the person',
    },
  },
  push_deliveries: { notPersonal: ['cause'] },
  whatsapp_accounts: { notPersonal: ['modo', 'phone_number_id', 'waba_id'] },
  whatsapp_templates: { notPersonal: ['nome', 'waba_id', 'template_id', 'status', 'motivo'] },
  whatsapp_contacts: {
    personal: {
      telefone: 'deleted with the person',
      consentimento_como: 'deleted with the person',
    },
    // A user id, or 'aluno' for a visitor of the public page.
    notPersonal: ['consentimento_por'],
  },
  whatsapp_messages: {
    personal: { wamid: 'deleted with the person' },
    notPersonal: ['cause', 'modelo', 'estado'],
  },
  whatsapp_deliveries: {
    personal: { wamid: 'deleted with the person', fallback: 'deleted with the person' },
    notPersonal: ['cause'],
  },
  // The trainer's own access token, sealed (AES-256-GCM): a credential, gone with the account.
  whatsapp_credentials: { notPersonal: ['access_token'] },
};
