import { z } from 'zod';
import { isValidCpf, phoneSchema } from '../shared/br-documents';
import { fileAnswer, listOf, noBody, redirectAnswer, routes } from '../shared/routes';
import { whatsAppOptInField } from '../shared/whatsapp-opt-in';

/** The identity routes: their bodies, answers and rules, shared by the API and the SPA. */

const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value);

const CELULAR_INVALIDO = 'Celular inválido: informe DDD e número, com 10 ou 11 dígitos';

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
  telefone: phoneSchema(CELULAR_INVALIDO),
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

export const resetSchema = z.strictObject({
  token: z.string().min(1, 'Link de redefinição inválido ou expirado.').max(200),
  password: passwordSchema,
});

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

const mfaCode = z
  .string()
  .trim()
  .min(1, 'Informe o código de verificação')
  .max(20, 'Código de verificação inválido.');
export const mfaCodeSchema = z.strictObject({ code: mfaCode });
/** Turning two-factor off: a code and the password, so a stolen access token is not enough. */
export const mfaRemoveSchema = z.strictObject({
  code: mfaCode,
  password: z.string().min(1, 'Informe a senha').max(128),
});
export const mfaVerifySchema = z.strictObject({
  challengeToken: z.string().min(1, 'A verificação expirou. Faça login novamente.').max(200),
  code: mfaCode,
});

export const ROLES = ['personal', 'aluno'] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/me: the signed-in user. */
export const meSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    nome: z.string(),
    role: z.enum(ROLES),
    tenantId: z.uuid(),
    tenantSlug: z.string(),
    onboardingRequired: z.boolean(),
  })
  .meta({ id: 'Usuario' });
export type Me = z.infer<typeof meSchema>;

/** A started session: the access token (the refresh token goes in an httpOnly cookie) and the user. */
export const sessionSchema = z
  .object({ accessToken: z.string(), user: meSchema })
  .meta({ id: 'Sessao' });
export type SessionAnswer = z.infer<typeof sessionSchema>;

/** The login of an account with two-factor on: the code finishes it at POST /api/auth/mfa/verify. */
export const mfaChallengeSchema = z
  .object({ mfaRequired: z.literal(true), challengeToken: z.string() })
  .meta({ id: 'DesafioDuasEtapas' });

/** What a route answers when all there is to say is a sentence for the user. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Mensagem' });

/** Invites are valid for 7 days from creation (spec 000 §9). */
export const INVITE_VALIDITY_DAYS = 7;

export const createInviteSchema = z.strictObject({ studentId: z.uuid('Aluno inválido') });
export type CreateInviteInput = z.infer<typeof createInviteSchema>;

/** POST /api/invites */
export const createdInviteSchema = z
  .object({ token: z.string(), inviteUrl: z.string(), expiresAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'ConviteCriado' });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** GET /api/invites/:token */
export const inviteViewSchema = z
  .object({ student: z.object({ nome: z.string() }), trainer: z.object({ nome: z.string() }) })
  .meta({ id: 'Convite' });
export type InviteView = z.infer<typeof inviteViewSchema>;

/**
 * The student's sign-up from an invite (spec 001 §2, §5): CPF and telefone optional, left out when
 * not given; one sent blank is refused like any other wrong value. `whatsapp`: the student ticked
 * 'Quero receber lembretes e cobranças pelo WhatsApp' (their consent, recorded with the account).
 */
export const acceptInviteSchema = z.strictObject({
  nome: z
    .string()
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(120, 'O nome deve ter no máximo 120 caracteres'),
  email: emailSchema,
  password: passwordSchema,
  cpf: z
    .string('CPF inválido')
    .max(20, 'CPF inválido')
    .transform((cpf) => cpf.replace(/\D/g, ''))
    .refine((cpf) => /^\d{11}$/.test(cpf) && isValidCpf(cpf), 'CPF inválido')
    .optional(),
  telefone: phoneSchema(CELULAR_INVALIDO).optional(),
  whatsapp: whatsAppOptInField,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** onboarding_data as recorded from the 11 answers (numbers parsed the Brazilian way). */
export const onboardingDataSchema = z
  .object({
    alunos_ativos: z.number(),
    tipo_atendimento: z.string(),
    ticket_medio_mensal: z.number(),
    formas_cobranca: z.array(z.string()),
    emite_recibo: z.boolean(),
    faturamento_mensal_medio: z.number(),
    tipo_planos: z.string(),
    faz_desconto: z.boolean(),
    tem_politica_cancelamento: z.boolean(),
    objetivos: z.array(z.string()),
    meta_faturamento_6meses: z.number(),
  })
  .meta({ id: 'DadosDaConfiguracaoInicial' });
export type OnboardingData = z.infer<typeof onboardingDataSchema>;

/** A message the development mailbox kept instead of sending it (no SMTP_URL). */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** Closing the account is confirmed by typing this word as the screen shows it (spaces around it aside). */
export const CLOSE_ACCOUNT_WORD = 'ENCERRAR';
export const CLOSE_ACCOUNT_MESSAGE = `Confirmação: digite ${CLOSE_ACCOUNT_WORD} para encerrar a conta`;
export const confirmsClosing = (typed: string): boolean => typed.trim() === CLOSE_ACCOUNT_WORD;
export const closeAccountSchema = z.strictObject({
  confirm: z.string(CLOSE_ACCOUNT_MESSAGE).max(50, CLOSE_ACCOUNT_MESSAGE),
});

const anyone = routes('identity', 'public');
const signedIn = routes('identity', 'signed-in');
const trainer = routes('identity', 'personal');

export const identityApi = {
  signUp: anyone.post('/auth/signup', {
    summary: 'Cadastra um personal, seu espaço de trabalho e seu link público',
    status: 201,
    body: signUpSchema,
    answer: z.object({
      user: meSchema.optional(),
      /**
       * `sent`: a confirmation link went where the trainer can read it (SMTP, or the dev mailbox
       * while served); `required`: sign-in waits for it. Neither: sign-in works at once.
       */
      emailConfirmation: z.object({ sent: z.boolean(), required: z.boolean() }),
    }),
    errors: { user_already_registered: 409, rate_limited: 429 },
  }),
  login: anyone.postRead('/auth/login', {
    summary:
      'Entra com e-mail e senha: a sessão (e o cookie de renovação) ou, com duas etapas, o desafio',
    body: signInSchema,
    answer: z.union([sessionSchema, mfaChallengeSchema]),
    errors: {
      invalid_credentials: 401,
      account_closed: 410,
      email_not_confirmed: 403,
      rate_limited: 429,
    },
    live: true,
  }),
  verifyMfa: anyone.postRead('/auth/mfa/verify', {
    summary: 'Segunda etapa do login: o desafio e um código (ou um código de recuperação, uma vez)',
    body: mfaVerifySchema,
    answer: sessionSchema,
    errors: { invalid_mfa_code: 401, invalid_mfa_challenge: 401, rate_limited: 429 },
    live: true,
  }),
  refresh: anyone.postRead('/auth/refresh', {
    summary: 'Renova a sessão pelo cookie de renovação',
    answer: sessionSchema,
    errors: { invalid_refresh_token: 401 },
    live: true,
  }),
  logout: anyone.postRead('/auth/logout', {
    summary: 'Encerra a sessão: o cookie de renovação e o token de acesso deixam de valer',
    status: 204,
    answer: noBody,
    live: true,
  }),
  confirm: anyone.get('/auth/confirm', {
    summary: 'O link do e-mail de confirmação: confirma e leva à página de login (/auth?confirmed=1|0)',
    query: z.object({ token: z.string().optional().describe('O token do link enviado por e-mail') }),
    status: 302,
    answer: redirectAnswer,
    live: true,
  }),
  recover: anyone.postRead('/auth/recover', {
    summary: 'Envia o link de redefinição de senha (responde o mesmo exista ou não o e-mail)',
    body: recoverSchema,
    answer: messageSchema,
    errors: { rate_limited: 429 },
    live: true,
  }),
  reset: anyone.postRead('/auth/reset', {
    summary: 'Redefine a senha pelo token do link',
    body: resetSchema,
    answer: messageSchema,
    errors: { invalid_reset_token: 400, rate_limited: 429 },
    live: true,
  }),
  startProvider: anyone.get('/auth/providers/{provider}', {
    summary: 'Leva ao login do provedor (OpenID Connect, code + PKCE); 400 se não estiver configurado',
    status: 302,
    answer: redirectAnswer,
    errors: { provider_not_enabled: 400, provider_failed: 502 },
    live: true,
  }),
  providerCallback: anyone.get('/auth/providers/{provider}/callback', {
    summary:
      'Volta do provedor: leva a / com a sessão, a /auth?mfa=<desafio> com duas etapas, ou a /auth?error=...',
    status: 302,
    answer: redirectAnswer,
    errors: { provider_not_enabled: 400 },
    live: true,
  }),
  me: signedIn.get('/me', {
    summary: 'O usuário da sessão',
    answer: meSchema,
    errors: { not_found: 404 },
  }),
  totpStatus: signedIn.get('/auth/mfa/totp', {
    summary: 'Se a verificação em duas etapas está ativa para o usuário da sessão',
    answer: z.object({ enabled: z.boolean() }).meta({ id: 'VerificacaoEmDuasEtapas' }),
    live: true,
  }),
  enrollTotp: signedIn.postRead('/auth/mfa/totp/enroll', {
    summary: 'Começa a configurar a verificação em duas etapas: o segredo e o QR code',
    answer: z.object({ secret: z.string(), otpauthUri: z.string(), qrCodeDataUrl: z.string() }),
    errors: { mfa_already_enabled: 409, not_found: 404 },
    live: true,
  }),
  activateTotp: signedIn.postRead('/auth/mfa/totp/activate', {
    summary: 'O primeiro código válido ativa a verificação; os códigos de recuperação aparecem só agora',
    body: mfaCodeSchema,
    answer: z.object({ recoveryCodes: z.array(z.string()) }),
    errors: { mfa_not_enrolled: 400, invalid_mfa_code: 400, rate_limited: 429 },
    live: true,
  }),
  removeTotp: signedIn.delete('/auth/mfa/totp', {
    summary:
      'Desativa a verificação em duas etapas (pede a senha e um código atual ou de recuperação)',
    status: 204,
    body: mfaRemoveSchema,
    answer: noBody,
    errors: { invalid_mfa_code: 400, invalid_password: 400, rate_limited: 429 },
  }),
  exportAccount: trainer.get('/account/export', {
    summary:
      'A conta inteira (LGPD: portabilidade), antes de encerrá-la: um zip com um CSV por tabela do personal (;, datas e decimais pt-BR)',
    answer: fileAnswer('application/zip'),
    // Every table as it stands: no one context's read models to wait for.
    live: true,
  }),
  closeAccount: trainer.post('/account/close', {
    summary:
      'Encerra a conta (LGPD): destrói todas as chaves do personal e de seus alunos e apaga as tabelas de leitura dele; entrar passa a dizer que a conta não existe mais',
    body: closeAccountSchema,
  }),
  completeOnboarding: trainer.post('/onboarding', {
    changes: ['onboarding'],
    summary: 'As 11 respostas da Configuração Inicial, registradas uma vez por personal',
    status: 201,
    body: onboardingSchema,
    answer: z.object({
      position: z.number().int(),
      onboardingData: onboardingDataSchema,
      completedAt: z.iso.datetime({ offset: true }),
    }),
    errors: { onboarding_already_completed: 409, tenant_not_found: 404 },
  }),
  createInvite: trainer.post('/invites', {
    summary: 'Convite para o aluno criar a conta (7 dias, uso único; os links já enviados seguem válidos)',
    status: 201,
    body: createInviteSchema,
    answer: createdInviteSchema,
    errors: { not_found: 404, student_has_account: 409 },
  }),
  invite: anyone.get('/invites/{token}', {
    summary: 'O convite: nome do aluno e do personal; 404 convite_invalido',
    answer: inviteViewSchema,
    errors: { convite_invalido: 404 },
    live: true,
  }),
  acceptInvite: anyone.post('/invites/{token}/accept', {
    summary: 'O aluno cria a conta pelo convite (uma só, mesmo com aceites simultâneos)',
    status: 201,
    body: acceptInviteSchema,
    answer: z.object({ id: z.string() }),
    errors: {
      convite_invalido: 404,
      user_already_registered: 409,
      student_has_account: 409,
      rate_limited: 429,
    },
  }),
};

/**
 * Messages kept instead of sent when no SMTP_URL is set: served only by `npm run dev`, only to
 * loopback clients; anyone else gets the 404 of a route that does not exist.
 */
export const devMailboxApi = {
  list: routes('dev', 'public').get('/dev/mailbox', {
    summary: 'As últimas mensagens do correio de desenvolvimento (só em npm run dev, só da própria máquina)',
    query: z.object({ to: z.string().optional().describe('Só as mensagens para este e-mail') }),
    answer: listOf(devMailSchema),
    errors: { not_found: 404 },
    live: true,
  }),
};
