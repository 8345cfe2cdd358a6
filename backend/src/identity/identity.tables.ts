import type { TablesInventory } from '../platform/context/bounded-context';

/**
 * The identity context's tables and what their text columns hold of a person. At a closing, the
 * sign-ins of the tenant's people (found through its profiles and student accounts) and the
 * tenant's own row go in an order only this context knows: see `closeIdentity`.
 */
export const identityTables: TablesInventory = {
  users: { personal: { email: 'deleted with the person' }, atClosing: 'by its context' },
  profiles: {
    personal: {
      nome: 'deleted with the account',
      cpf: 'deleted with the account',
      telefone: 'deleted with the account',
      email: 'deleted with the account',
    },
    atClosing: 'by its context',
  },
  tenants: {
    personal: { nome: 'deleted with the account', slug: 'deleted with the account' },
    atClosing: 'by its context',
  },
  password_credentials: { notPersonal: ['password_hash'], atClosing: 'by its context' },
  user_roles: { notPersonal: ['role'], atClosing: 'by its context' },
  refresh_tokens: { notPersonal: ['token_hash'], atClosing: 'by its context' },
  email_tokens: { notPersonal: ['token_hash', 'purpose'], atClosing: 'by its context' },
  user_identities: {
    personal: { email: 'deleted with the person', subject: 'deleted with the person' },
    notPersonal: ['provider'],
    atClosing: 'by its context',
  },
  mfa_totp: { notPersonal: ['secret'], atClosing: 'by its context' },
  mfa_recovery_codes: { notPersonal: ['code_hash'], atClosing: 'by its context' },
  student_accounts: { atClosing: 'by its context' },
  student_invites: { notPersonal: ['token_hash'] },
  closed_accounts: {
    personal: { email_digest: 'kept as a keyed digest' },
    atClosing: 'by its context',
  },
  dev_mailbox: {
    personal: {
      to_address: 'deleted with the person',
      subject: 'deleted with the person',
      text_body: 'deleted with the person',
      html_body: 'deleted with the person',
    },
    atClosing: 'by its context',
  },
  financial_onboarding: { personal: { onboarding_data: 'deleted with the account' } },
};
