import { z } from 'zod';
import { personalDataExportSchema } from '../shared/personal-data';
import { CHARGE_PAYMENT_METHODS } from '../charges/api';
import { cancellationPolicyAnswerSchema } from '../locations/api';
import { bookedSlotSchema, openSlotSchema } from '../scheduling/api';
import { commandAnswerSchema, fileAnswer, listOf, routes } from '../shared/routes';
import { creditHistoryItemSchema } from '../students/api';
import { instantField } from '../shared/instant-field';
import { isIsoDate } from '../shared/time';

/**
 * The student's own area (role aluno): balance, trainer, next sessions, history, and booking and
 * cancelling their own sessions. The area reads other contexts through their ports only.
 */

/** A next session as the student sees it, with the policy of its location (the UI warns before a late cancel). */
export const studentSessionSchema = z
  .object({
    id: z.uuid(),
    inicio: z.iso.datetime({ offset: true }),
    fim: z.iso.datetime({ offset: true }),
    locationId: z.uuid().nullable(),
    locationNome: z.string().nullable(),
    /** The cancellation policy of the session's location; null without a location. */
    politica: cancellationPolicyAnswerSchema.nullable(),
  })
  .meta({ id: 'SessaoDoAluno' });
export type StudentSession = z.infer<typeof studentSessionSchema>;

/** GET /api/student/me: what a student sees first in their area. */
export const studentAreaSchema = z
  .object({
    nome: z.string(),
    creditos: z.number().int(),
    /** The credits not held by a session agendada still to come: what the student may still book with. */
    creditosLivres: z.number().int(),
    /** The next agendada sessions, up to 5. */
    proximasSessoes: z.array(studentSessionSchema),
    /** Active contracts the student has not signed yet. */
    contratosPendentes: z.number().int(),
    /** What the student has to pay (plans, late-cancel fees), to pay by 'Pix Copia e Cola'. */
    cobrancas: z.array(
      z.object({
        id: z.uuid(),
        descricao: z.string(),
        valor: z.number(),
        brCode: z.string(),
        pagamento: z.enum(CHARGE_PAYMENT_METHODS),
        vencimento: z.iso.date().nullable(),
        diasEmAtraso: z.number().int(),
      }),
    ),
    /**
     * What the contract signing form starts with (digits, null when unknown): the CPF and phone
     * the student gave with their account, else the WhatsApp or phone their trainer registered.
     */
    cpf: z.string().nullable(),
    telefone: z.string().nullable(),
    /** `telefone`: the trainer's digits for the WhatsApp link, or null. */
    trainer: z.object({ nome: z.string(), slug: z.string(), telefone: z.string().nullable() }),
    /** When the student asked that their data be erased (the trainer confirms); null: never. */
    exclusaoPedidaEm: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'AreaDoAluno' });
export type StudentArea = z.infer<typeof studentAreaSchema>;

/** How many next sessions the student area shows (spec 000 §9). */
export const STUDENT_AREA_NEXT_SESSIONS = 5;

/**
 * Every session agendada still to come will consume a credit when done: it holds one meanwhile.
 * A student books only with a credit left free (409 NO_CREDITS otherwise).
 */
export const freeCredits = (creditos: number, agendadas: number): number =>
  Math.max(0, creditos - agendadas);

/** 409 of a self-booking without a credit (spec 001: 'Aluno sem créditos disponíveis'). */
export const NO_CREDITS = {
  code: 'no_credits',
  message: 'Aluno sem créditos disponíveis',
} as const;
/** 409 of a student cancelling a session that is not agendada any more: done, or cancelled. */
export const NOT_CANCELLABLE = {
  code: 'not_cancellable',
  message: 'Só uma sessão agendada pode ser cancelada',
  done: 'Esta sessão já foi realizada e não pode ser cancelada.',
  cancelled: 'Esta sessão já foi cancelada.',
} as const;

/** GET /api/student/slots?locationId=&from=YYYY-MM-DD */
export const studentSlotsQuerySchema = z.strictObject({
  locationId: z.uuid('Local inválido'),
  from: z
    .string('Data inicial inválida')
    .refine(isIsoDate, 'Data inicial inválida (use AAAA-MM-DD)')
    .optional(),
});

/** POST /api/student/bookings */
export const studentBookingSchema = z.strictObject({
  locationId: z.uuid('Local inválido'),
  inicio: instantField('Horário de início'),
});
export type StudentBookingInput = z.input<typeof studentBookingSchema>;

/** GET /api/student/locations: where the student can book. */
export const studentLocationSchema = z
  .object({
    id: z.uuid(),
    nome: z.string(),
    endereco: z.string().nullable(),
    politica: cancellationPolicyAnswerSchema,
  })
  .meta({ id: 'LocalDoAluno' });
export type StudentLocation = z.infer<typeof studentLocationSchema>;

/** 200 of POST /api/student/sessions/:id/cancel. */
export const ownCancellationSchema = commandAnswerSchema
  .extend({ creditoQueimado: z.boolean() })
  .meta({ id: 'CancelamentoDoAluno' });

const student = routes('student-area', 'aluno');
/** A student account whose student record is gone (or another tenant's) answers 404 'Aluno não encontrado'. */
const NO_STUDENT = { not_found: 404 };

export const studentAreaApi = {
  me: student.get('/student/me', {
    summary: 'O aluno: nome, saldo de créditos, próximas sessões, contratos pendentes, personal',
    answer: studentAreaSchema,
    errors: NO_STUDENT,
  }),
  history: student.get('/student/history', {
    summary: 'O histórico de créditos do próprio aluno',
    answer: listOf(creditHistoryItemSchema),
    errors: NO_STUDENT,
  }),
  export: student.get('/student/export', {
    summary:
      'Tudo o que o Vira guarda sobre o próprio aluno (LGPD: acesso e portabilidade), em JSON',
    answer: personalDataExportSchema,
    errors: NO_STUDENT,
  }),
  exportPdf: student.get('/student/export.pdf', {
    summary:
      'O resumo legível dos próprios dados em PDF: dados pessoais, sessões, créditos, pagamentos, contratos e consentimentos',
    answer: fileAnswer('application/pdf'),
    errors: NO_STUDENT,
  }),
  requestErasure: student.post('/student/erase-request', {
    changes: ['student'],
    summary:
      'O aluno pede a exclusão dos próprios dados (LGPD): o personal é avisado por e-mail e na página do aluno, e confirma; 409 erasure_already_requested quando já pediu',
    errors: { ...NO_STUDENT, erasure_already_requested: 409 },
  }),
  locations: student.get('/student/locations', {
    summary: 'Os locais ativos do personal, com a política de cancelamento de cada um',
    answer: listOf(studentLocationSchema),
    errors: NO_STUDENT,
    live: true,
  }),
  slots: student.get('/student/slots', {
    summary:
      'Horários livres num local do personal a partir de um dia (o mesmo motor do agendamento público)',
    query: studentSlotsQuerySchema,
    answer: listOf(openSlotSchema),
    errors: NO_STUDENT,
    live: true,
  }),
  book: student.post('/student/bookings', {
    changes: ['session', 'schedule', 'credit', 'student', 'reminder', 'finance-summary'],
    summary:
      "O aluno agenda um horário livre: 201 { id, inicio, fim, position }; 409 slot_taken; 409 no_credits ('Aluno sem créditos disponíveis')",
    status: 201,
    body: studentBookingSchema,
    answer: bookedSlotSchema,
    errors: { not_found: 404, slot_taken: 409, [NO_CREDITS.code]: 409 },
  }),
  cancel: student.post('/student/sessions/{id}/cancel', {
    changes: ['session', 'schedule', 'credit', 'student', 'reminder', 'finance-summary'],
    summary:
      'O aluno cancela uma sessão sua agendada; dentro do limite da política com queima de crédito, queima 1 (creditoQueimado)',
    answer: ownCancellationSchema,
    errors: { [NOT_CANCELLABLE.code]: 409 },
  }),
};
