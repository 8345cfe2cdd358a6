import { z } from 'zod';
import { phoneSchema } from '../shared/br-documents';
import { personalDataExportSchema } from '../shared/personal-data';
import { fileAnswer, listOf, routes } from '../shared/routes';

/** The students routes: their bodies, answers and rules, shared by the API and the SPA. */

export const MAX_CREDITS_PER_GRANT = 1_000;

const profileFields = {
  nome: z
    .string()
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(120, 'Nome deve ter no máximo 120 caracteres'),
  telefone: phoneSchema('Telefone inválido').nullable().optional(),
  whatsapp: phoneSchema('WhatsApp inválido').nullable().optional(),
  email: z.email('E-mail inválido').max(254, 'E-mail inválido').nullable().optional(),
  planoId: z.uuid('Plano inválido').nullable().optional(),
  observacoes: z
    .string()
    .trim()
    .max(1_000, 'Observações devem ter no máximo 1000 caracteres')
    .nullable()
    .optional(),
};

/** A new student's profile; optional fields left out are stored as null. */
export const createStudentSchema = z.strictObject(profileFields).transform((input) => ({
  nome: input.nome,
  telefone: input.telefone ?? null,
  whatsapp: input.whatsapp ?? null,
  email: input.email ?? null,
  planoId: input.planoId ?? null,
  observacoes: input.observacoes ?? null,
}));
/** A student's profile as the API stores it (phones as digits, absent fields null). */
export type StudentProfile = z.output<typeof createStudentSchema>;

/** What the new-student form asks (spec 001 §5): the WhatsApp is required there. */
export const studentFormSchema = z.strictObject({
  ...profileFields,
  whatsapp: phoneSchema('WhatsApp inválido'),
});

/** The fields sent change; `null` clears an optional one; `ativo: false` inactivates the student. */
export const updateStudentSchema = z
  .strictObject({
    ...profileFields,
    nome: profileFields.nome.optional(),
    ativo: z.boolean().optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Informe ao menos um campo para alterar');
export type UpdateStudentInput = z.infer<typeof updateStudentSchema>;

const reason = z.string().trim().min(1).max(200);
const creditAmount = z
  .number()
  .int(`deve ser um número inteiro entre 1 e ${MAX_CREDITS_PER_GRANT}`)
  .min(1, `deve ser um número inteiro entre 1 e ${MAX_CREDITS_PER_GRANT}`)
  .max(MAX_CREDITS_PER_GRANT, `deve ser um número inteiro entre 1 e ${MAX_CREDITS_PER_GRANT}`);

export const grantCreditsSchema = z.strictObject({ amount: creditAmount, reason });

/** Takes back credits granted by mistake (the 'Desfazer' of a renewal). */
export const removeCreditsSchema = z.strictObject({ amount: creditAmount, motivo: reason });

export const consumeCreditSchema = z.strictObject({ reason, sessionId: z.uuid().optional() });

export const studentSchema = z
  .object({
    id: z.uuid(),
    nome: z.string(),
    /** Digits only. */
    telefone: z.string().nullable(),
    /** Digits only. */
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    planoId: z.uuid().nullable(),
    observacoes: z.string().nullable(),
    ativo: z.boolean(),
    creditos: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
    /** When the student asked, from their own area, that their data be erased; null: never. */
    exclusaoPedidaEm: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Aluno' });
export type Student = z.infer<typeof studentSchema>;

/** What a line of a student's history records, and how the app says it in pt-BR. */
export const CREDIT_ENTRY_LABELS = {
  CreditsGranted: 'Créditos concedidos',
  CreditConsumed: 'Crédito usado',
  CreditRefunded: 'Crédito devolvido',
  CreditBurned: 'Crédito queimado',
  CreditsRemoved: 'Créditos removidos',
  PaymentReceived: 'Pagamento recebido',
  PaymentVoided: 'Pagamento estornado',
} as const;
export type CreditEntryType = keyof typeof CREDIT_ENTRY_LABELS;
const CREDIT_ENTRY_TYPES = Object.keys(CREDIT_ENTRY_LABELS) as [CreditEntryType, ...CreditEntryType[]];

/** Who did it, as the history shows it. */
export const ACTOR_ROLE_LABELS: Record<string, string> = {
  personal: 'Personal',
  aluno: 'Aluno',
  system: 'Vira',
};

export const creditHistoryItemSchema = z
  .object({
    /** The event's global position. */
    position: z.number().int(),
    occurredAt: z.iso.datetime({ offset: true }),
    type: z.enum(CREDIT_ENTRY_TYPES),
    /** Signed credits: +n granted or refunded, -1 consumed or burned, -n removed; 0 for a payment. */
    amount: z.number().int(),
    /** A payment's value in reais, signed: + received, - voided; null for a movement of credits. */
    valor: z.number().nullable(),
    balanceAfter: z.number().int(),
    actor: z.object({ id: z.string(), role: z.string() }),
    reason: z.string(),
    sessionId: z.uuid().nullable(),
    transactionId: z.uuid().nullable(),
  })
  .meta({ id: 'MovimentoDeCreditos' });
export type CreditHistoryItem = z.infer<typeof creditHistoryItemSchema>;

/**
 * Erasure (LGPD art. 18) is confirmed by typing the student's name exactly as registered (spaces
 * around it aside): the screen asks for it so.
 */
export const eraseStudentSchema = z.strictObject({
  confirm: z.string('Confirmação: digite o nome do aluno').max(200, 'Confirmação inválida'),
});
export const ERASE_CONFIRMATION_MESSAGE =
  'Confirmação: digite o nome do aluno exatamente como cadastrado';
export const confirmsErasure = (typed: string, nome: string): boolean =>
  typed.trim() === nome.trim();

/** What the trainer keeps after erasing a student, and why (shown before confirming). */
export const ERASURE_KEEPS =
  'Ficam guardados, sem o nome: valores, datas e números de recibo dos pagamentos (registros fiscais) e a prova das assinaturas de contrato (hash do texto, data e hora, IP anonimizado), para defesa em processo.';

const trainer = routes('students', 'personal');
const students = trainer.collection('/students');

export const studentsApi = {
  list: students.list({
    summary: 'Alunos do personal, por nome',
    answer: listOf(studentSchema),
  }),
  create: students.create({
    changes: ['student', 'directory', 'first-steps', 'reminder'],
    summary: 'Cadastra um aluno (0 créditos); 404 quando o plano não existe',
    body: createStudentSchema,
    errors: { not_found: 404 },
  }),
  get: students.get({ summary: 'Um aluno', answer: studentSchema }),
  update: students.update({
    changes: ['student', 'directory', 'reminder'],
    summary: 'Altera os campos enviados; null limpa um campo opcional; { ativo: false } inativa',
    body: updateStudentSchema,
  }),
  remove: students.remove({
    changes: ['student', 'directory', 'reminder'],
    summary:
      'Remove o aluno (o histórico de créditos continua no log); 409 has_links quando há agendamentos ou pagamentos',
    errors: { has_links: 409 },
  }),
  grantCredits: trainer.post('/students/{id}/credits', {
    changes: ['credit', 'student'],
    summary: 'Concede créditos (1 a 1000)',
    body: grantCreditsSchema,
  }),
  consumeCredit: trainer.post('/students/{id}/credits/consume', {
    changes: ['credit', 'student'],
    summary: 'Consome 1 crédito; 409 no_credits quando o saldo é 0',
    body: consumeCreditSchema,
    errors: { no_credits: 409, session_already_charged: 409 },
  }),
  removeCredits: trainer.post('/students/{id}/credits/remove', {
    changes: ['credit', 'student'],
    summary: 'Remove créditos concedidos (o Desfazer da renovação); 409 no_credits quando o saldo não chega',
    body: removeCreditsSchema,
    errors: { no_credits: 409 },
  }),
  historyCsv: trainer.get('/students/{id}/history.csv', {
    summary: 'A trilha de auditoria dos créditos em CSV (;, datas pt-BR)',
    answer: fileAnswer('text/csv'),
  }),
  export: trainer.get('/students/{id}/export', {
    summary:
      'Tudo o que o Vira guarda sobre o aluno (LGPD: acesso e portabilidade): as linhas de cada tabela que o mencionam e os eventos dele',
    answer: personalDataExportSchema,
  }),
  exportPdf: trainer.get('/students/{id}/export.pdf', {
    summary:
      'O resumo legível da exportação do aluno em PDF: dados pessoais, sessões, créditos, pagamentos, contratos e consentimentos',
    answer: fileAnswer('application/pdf'),
  }),
  erase: trainer.post('/students/{id}/erase', {
    changes: ['erasure'],
    summary:
      'Exclui os dados pessoais do aluno (LGPD): destrói a chave dele; nenhum modelo de leitura, resposta ou evento mostra mais quem era. 400 quando a confirmação não é o nome do aluno',
    body: eraseStudentSchema,
  }),
  history: trainer.get('/students/{id}/history', {
    summary: 'Trilha de auditoria dos créditos e pagamentos do aluno, da mais antiga',
    answer: listOf(creditHistoryItemSchema),
  }),
};
