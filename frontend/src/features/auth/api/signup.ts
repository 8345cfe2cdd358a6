import { signUpSchema, type SignUpInput } from '@contracts/identity/api';

/** The register form's fields, as typed. */
export type SignupForm = Record<keyof SignUpInput, string>;
export type SignupErrors = Partial<Record<keyof SignUpInput, string>>;

const FIELDS = Object.keys(signUpSchema.shape) as (keyof SignUpInput)[];
const REQUIRED = 'Campo obrigatório';

/**
 * Spec 000 §5: every register field is required ('Campo obrigatório' while blank); every other rule
 * is the API's own (contracts/identity `signUpSchema`): CPF check digits, a past birth date less than
 * 120 years ago, a celular with DDD (10-11 digits), an e-mail, a password of 6+ characters.
 * Answers the body to send (digits only for CPF and celular) or the first problem of each field.
 */
export function validateSignup(
  values: SignupForm,
): { data: SignUpInput } | { errors: SignupErrors } {
  const parsed = signUpSchema.safeParse(values);
  const errors: SignupErrors = {};
  for (const field of FIELDS) if (!values[field].trim()) errors[field] = REQUIRED;
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof SignUpInput;
    errors[field] ??= issue.message;
  }
  return parsed.success && Object.keys(errors).length === 0 ? { data: parsed.data } : { errors };
}
