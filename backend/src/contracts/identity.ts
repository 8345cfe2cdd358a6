import { z } from 'zod';
import { isValidCpf } from './br-documents';

/** Shapes of the identity routes, shared by the API and the SPA (no framework imports here). */

const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value);

/** The oldest birth date taken as plausible: nobody signs up at 120 or more. */
export const MAX_AGE_YEARS = 120;

/** 'YYYY-MM-DD' of a real calendar day, in the past, less than MAX_AGE_YEARS ago. */
export function birthDateProblem(value: string, today: Date = new Date()): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Data de nascimento inválida (use AAAA-MM-DD)';
  const date = new Date(`${value}T00:00:00Z`);
  const todayIso = today.toISOString().slice(0, 10);
  const isCalendarDay = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  if (!isCalendarDay || value >= todayIso)
    return 'Data de nascimento inválida: deve ser uma data passada';
  const oldest = `${Number(todayIso.slice(0, 4)) - MAX_AGE_YEARS}${todayIso.slice(4)}`;
  if (value < oldest) return `Data de nascimento inválida: mais de ${MAX_AGE_YEARS} anos atrás`;
  return undefined;
}

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail inválido')
  .pipe(z.email('E-mail inválido'));
export const passwordSchema = z
  .string()
  .min(6, 'A senha deve ter no mínimo 6 caracteres')
  .max(128, 'A senha deve ter no máximo 128 caracteres');

export const signUpSchema = z.strictObject({
  nome: z
    .string()
    .trim()
    .min(1, 'Informe seu nome')
    .max(120, 'O nome deve ter no máximo 120 caracteres'),
  cpf: z.preprocess(digits, z.string().refine(isValidCpf, 'CPF inválido')),
  dataNascimento: z.string().superRefine((value, context) => {
    const problem = birthDateProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  telefone: z.preprocess(
    digits,
    z.string().regex(/^\d{10,11}$/, 'Celular inválido: informe DDD e número, com 10 ou 11 dígitos'),
  ),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'Informe o e-mail').max(254),
  password: z.string().min(1, 'Informe a senha').max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const recoverSchema = z.strictObject({ email: emailSchema });
export type RecoverInput = z.infer<typeof recoverSchema>;

export const resetSchema = z.strictObject({
  token: z.string().min(1, 'Link de redefinição inválido ou expirado.').max(200),
  password: passwordSchema,
});
export type ResetInput = z.infer<typeof resetSchema>;

/** The 11 questions of the 'Configuração Inicial' chat, in the order they are asked. */
export const ONBOARDING_ANSWER_KEYS = [
  'alunos_ativos',
  'tipo_atendimento',
  'ticket_medio_mensal',
  'formas_cobranca',
  'emite_recibo',
  'faturamento_mensal_medio',
  'tipo_planos',
  'faz_desconto',
  'tem_politica_cancelamento',
  'objetivos',
  'meta_faturamento_6meses',
] as const;
export type OnboardingAnswerKey = (typeof ONBOARDING_ANSWER_KEYS)[number];

const answer = z.string().trim().min(1, 'não pode ficar em branco').max(500);
export const onboardingSchema = z.strictObject({
  answers: z.strictObject(
    Object.fromEntries(ONBOARDING_ANSWER_KEYS.map((key) => [key, answer])) as Record<
      OnboardingAnswerKey,
      typeof answer
    >,
  ),
});
export type OnboardingInput = z.infer<typeof onboardingSchema>;

/**
 * What other contexts read of a tenant's 'OnboardingCompleted' event (stream type 'tenant'): the
 * finances seed the monthly goal from `meta_faturamento_6meses` (how much the trainer wants to
 * earn a month, six months from now). Type name and these fields are fixed.
 */
export const ONBOARDING_COMPLETED_EVENT = 'OnboardingCompleted';
export interface OnboardingCompletedData {
  tenantId: string;
  onboardingData: { meta_faturamento_6meses: number; emite_recibo?: boolean };
}

const mfaCode = z
  .string()
  .trim()
  .min(1, 'Informe o código de verificação')
  .max(20, 'Código de verificação inválido.');
export const mfaCodeSchema = z.strictObject({ code: mfaCode });
export const mfaVerifySchema = z.strictObject({
  challengeToken: z.string().min(1, 'A verificação expirou. Faça login novamente.').max(200),
  code: mfaCode,
});

export type Role = 'personal' | 'aluno';

/** GET /api/me */
export interface Me {
  id: string;
  email: string;
  nome: string;
  role: Role;
  tenantId: string;
  tenantSlug: string;
  onboardingRequired: boolean;
}

/** Invites are valid for 7 days from creation (spec 000 §9). */
export const INVITE_VALIDITY_DAYS = 7;

export const createInviteSchema = z.strictObject({ studentId: z.uuid('Aluno inválido') });
export type CreateInviteInput = z.infer<typeof createInviteSchema>;

/** POST /api/invites */
export interface CreatedInvite {
  token: string;
  inviteUrl: string;
  expiresAt: string;
}

/** GET /api/invites/:token */
export interface InviteView {
  student: { nome: string };
  trainer: { nome: string };
}

const optionalDigits = (pattern: RegExp, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\D/g, '') || undefined : value),
    z.string().regex(pattern, message).optional(),
  );

/** The student's sign-up from an invite (spec 001 §2, §5): CPF and telefone optional. */
export const acceptInviteSchema = z.strictObject({
  nome: z
    .string()
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(120, 'O nome deve ter no máximo 120 caracteres'),
  email: emailSchema,
  password: passwordSchema,
  cpf: optionalDigits(/^\d{11}$/, 'CPF inválido').refine(
    (cpf) => cpf === undefined || isValidCpf(cpf),
    'CPF inválido',
  ),
  telefone: optionalDigits(
    /^\d{10,11}$/,
    'Celular inválido: informe DDD e número, com 10 ou 11 dígitos',
  ),
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** A trainer as their students see them: name, public slug and phone (the WhatsApp link). */
export interface TrainerOfStudent {
  nome: string;
  slug: string;
  /** Digits, or null when the trainer has none. */
  telefone: string | null;
}

/**
 * Which student a student account is, and who their trainer is: read by other contexts through
 * this port (the identity context provides it).
 */
export abstract class StudentAccounts {
  abstract studentOf(userId: string): Promise<{ tenantId: string; studentId: string } | undefined>;
  abstract trainerOf(tenantId: string): Promise<TrainerOfStudent | undefined>;
}

/**
 * A trainer's public page, found by the tenant's unique slug and nothing else (never a name
 * match): the identity context provides it. `whatsapp` is the profile's phone, digits.
 */
export abstract class PublicTrainers {
  abstract bySlug(
    slug: string,
  ): Promise<{ tenantId: string; nome: string; whatsapp: string | null } | undefined>;
}

/**
 * How to reach a tenant's trainer (their daily reminders e-mail) and who they are on a receipt
 * (CPF, digits): the identity context provides it.
 */
export abstract class TrainerContacts {
  abstract contactOf(
    tenantId: string,
  ): Promise<{ nome: string; email: string; cpf: string | null } | undefined>;
}
