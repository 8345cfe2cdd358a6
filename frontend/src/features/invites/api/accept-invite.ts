import { acceptInviteSchema, type AcceptInviteInput } from '@contracts/identity/api';

/** The invite form as typed; the API's own rules (contracts `acceptInviteSchema`) plus the confirmation. */
export interface InviteSignupForm {
  nome: string;
  email: string;
  password: string;
  confirmPassword: string;
  cpf: string;
  telefone: string;
  /** They ticked 'Quero receber lembretes e cobranças pelo WhatsApp'. */
  whatsapp: boolean;
}

export type InviteSignupErrors = Partial<Record<keyof InviteSignupForm, string>>;

export const PASSWORDS_DIFFER = 'As senhas não coincidem';

/**
 * Spec 001 §5: 'As senhas não coincidem' unless both passwords match; every other rule (name of 2+
 * characters, e-mail, password of 6+ characters, optional CPF with valid check digits, optional
 * celular with DDD) is the API's `acceptInviteSchema`. Answers the body to send (with the WhatsApp
 * opt-in as the box is) or the first problem of each field.
 */
export function validateInviteSignup(
  values: InviteSignupForm,
): { data: AcceptInviteInput } | { errors: InviteSignupErrors } {
  const { confirmPassword, cpf, telefone, ...required } = values;
  // CPF and celular are optional: left blank, they are not sent.
  const body = {
    ...required,
    ...(cpf.trim() ? { cpf } : {}),
    ...(telefone.trim() ? { telefone } : {}),
  };
  const parsed = acceptInviteSchema.safeParse(body);
  const errors: InviteSignupErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof InviteSignupForm;
    errors[field] ??= issue.message;
  }
  if (confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DIFFER;
  return parsed.success && Object.keys(errors).length === 0 ? { data: parsed.data } : { errors };
}
