import { z } from 'zod';

/** Shapes of the students routes, shared by the API and the SPA (no framework imports here). */

export const MAX_CREDITS_PER_GRANT = 1_000;

const digitsOnly = (label: string) =>
  z
    .string()
    .max(20, `${label} inválido`)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{10,11}$/, `${label} inválido`));

const profileFields = {
  nome: z
    .string()
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(120, 'Nome deve ter no máximo 120 caracteres'),
  telefone: digitsOnly('Telefone').nullable().optional(),
  whatsapp: digitsOnly('WhatsApp').nullable().optional(),
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
export type CreateStudentInput = z.input<typeof createStudentSchema>;
/** A student's profile as the API stores it (phones as digits, absent fields null). */
export type StudentProfile = z.output<typeof createStudentSchema>;

/** What the new-student form asks (spec 001 §5): the WhatsApp is required there. */
export const studentFormSchema = z.strictObject({
  ...profileFields,
  whatsapp: z
    .string('WhatsApp inválido')
    .min(14, 'WhatsApp inválido')
    .max(16, 'WhatsApp inválido')
    .pipe(digitsOnly('WhatsApp')),
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
export type GrantCreditsInput = z.infer<typeof grantCreditsSchema>;

export const consumeCreditSchema = z.strictObject({ reason, sessionId: z.uuid().optional() });
export type ConsumeCreditInput = z.infer<typeof consumeCreditSchema>;

export interface Student extends StudentProfile {
  id: string;
  ativo: boolean;
  creditos: number;
  createdAt: string;
  updatedAt: string;
}

/** What a line of a student's history records, and how the app says it in pt-BR. */
export const CREDIT_ENTRY_LABELS = {
  CreditsGranted: 'Créditos concedidos',
  CreditConsumed: 'Crédito usado',
  CreditRefunded: 'Crédito devolvido',
  CreditBurned: 'Crédito queimado',
  PaymentReceived: 'Pagamento recebido',
  PaymentVoided: 'Pagamento estornado',
} as const;
export type CreditEntryType = keyof typeof CREDIT_ENTRY_LABELS;

/** Who did it, as the history shows it. */
export const ACTOR_ROLE_LABELS: Record<string, string> = {
  personal: 'Personal',
  aluno: 'Aluno',
  system: 'Vira',
};

export interface CreditHistoryItem {
  position: number;
  occurredAt: string;
  type: CreditEntryType;
  /** Signed: +n granted or refunded, -1 consumed or burned; 0 for a payment (its value is in `reason`). */
  amount: number;
  balanceAfter: number;
  actor: { id: string; role: string };
  reason: string;
  sessionId: string | null;
  transactionId: string | null;
}

export interface ListResponse<T> {
  items: T[];
}

/**
 * What other contexts read of a student, through this port (the students context provides it;
 * a context never imports another one).
 */
export abstract class StudentDirectory {
  abstract find(tenantId: string, studentId: string): Promise<Student | undefined>;
  /** The student's credit history; undefined when there is no such student. */
  abstract history(tenantId: string, studentId: string): Promise<CreditHistoryItem[] | undefined>;
}

/**
 * The events of a student's stream other contexts read (the scheduling context keeps names and
 * counts from them): type names and data shapes. Stream type 'student', id = the student's id.
 */
export interface StudentEventData {
  StudentRegistered: StudentProfile;
  /** Only the fields that changed; `null` clears an optional field. */
  StudentUpdated: Partial<StudentProfile>;
  StudentDeactivated: Record<string, never>;
  StudentReactivated: Record<string, never>;
  StudentRemoved: Record<string, never>;
}
export type StudentEventType = keyof StudentEventData;
export type StudentLifecycleEvent = {
  [Type in StudentEventType]: { type: Type; data: StudentEventData[Type] };
}[StudentEventType];
export const STUDENT_LIFECYCLE_EVENT_TYPES: readonly StudentEventType[] = [
  'StudentRegistered',
  'StudentUpdated',
  'StudentDeactivated',
  'StudentReactivated',
  'StudentRemoved',
];

/**
 * The events of a student's stream that move the credit balance. Each carries the balance after
 * it (`data.balanceAfter`): the balance is the last one's. Published for the checks that must be
 * exact inside another context's transaction (a student's booking reserves a credit).
 */
export const CREDIT_BALANCE_EVENT_TYPES: readonly string[] = [
  'CreditsGranted',
  'CreditConsumed',
  'CreditRefunded',
  'CreditBurned',
];

/**
 * Credits on attendance, run at once for the answer of a session's change (the students context
 * provides it; its process manager does the same in the worker, with the same idempotency keys,
 * so whichever runs second sends nothing).
 */
export abstract class SessionCredits {
  /**
   * Settles the credit movements of the session's events up to the one at `position` (a command's
   * result): consumed when done, refunded when undone, burned on a late cancellation.
   * `noCredits` when the event at `position` found the student's balance at zero.
   */
  abstract settle(
    tenantId: string,
    sessionId: string,
    position: number,
  ): Promise<{ noCredits: boolean }>;
}

/**
 * The student a visitor is, by phone (the students context provides it): the tenant's student
 * whose telefone or WhatsApp is these digits, or a new one registered with this name and phone
 * (concurrent calls for one new phone register one student). Answers the student's id.
 */
export abstract class StudentsByPhone {
  abstract findOrRegister(
    actor: {
      tenantId: string;
      actorId: string;
      actorRole: 'personal' | 'aluno' | 'system';
      correlationId: string;
    },
    visitor: { nome: string; telefone: string },
  ): Promise<string>;
}

/** The students context's read models of a student and their credits, for routes of other contexts that wait for them. */
export const STUDENT_READ_MODELS = ['students', 'credit-ledger'] as const;
