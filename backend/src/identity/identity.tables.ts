import type { TablesInventory } from '../platform/context/bounded-context';

/** The identity context's tables and what their text columns hold of a person. */
export const identityTables: TablesInventory = {
  users: { personal: { email: 'deleted with the person' } },
  profiles: {
    personal: {
      nome: 'deleted with the account',
      cpf: 'deleted with the account',
      telefone: 'deleted with the account',
      email: 'deleted with the account',
    },
  },
  tenants: { personal: { nome: 'deleted with the account', slug: 'deleted with the account' } },
  password_credentials: { notPersonal: ['password_hash'] },
  user_roles: { notPersonal: ['role'] },
  refresh_tokens: { notPersonal: ['token_hash'] },
  email_tokens: { notPersonal: ['token_hash', 'purpose'] },
  user_identities: {
    personal: { email: 'deleted with the person', subject: 'deleted with the person' },
    notPersonal: ['provider'],
  },
  mfa_totp: { notPersonal: ['secret'] },
  mfa_recovery_codes: { notPersonal: ['code_hash'] },
  student_accounts: {},
  student_invites: { notPersonal: ['token_hash'] },
  closed_accounts: { personal: { email_digest: 'kept as a keyed digest' } },
  dev_mailbox: {
    personal: {
      to_address: 'deleted with the person',
      subject: 'deleted with the person',
      text_body: 'deleted with the person',
      html_body: 'deleted with the person',
    },
  },
  financial_onboarding: { personal: { onboarding_data: 'deleted with the account' } },
};
