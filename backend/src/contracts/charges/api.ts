import { z } from 'zod';
import { cpfDigits, isValidCpf } from '../shared/br-documents';
import { formatCentavos, toCentavos } from '../shared/money';
import { commandAnswerSchema, listOf, routes } from '../shared/routes';
import { isoDateField } from '../shared/time-fields';
import {
  CONTA_TIPOS,
  PIX_KEY_TYPES,
  PIX_PROVIDERS,
  pixSettingsSchema,
  testPixConnectionSchema,
} from './pix';

/**
 * Online charges (spec 000 §2 'Cobrança Online', spec 001 §2 'Cobrar'): a PIX charge of a plan to a
 * student, with its static BR Code; paid once (by hand or by the PSP's notification), which records
 * the receita and grants the plan's credits, once. Shared by the API and the SPA.
 */

/** 'devolvida': paid, then given back to the payer by the PSP, in whole or in part. */
export const CHARGE_STATUSES = ['pendente', 'paga', 'cancelada', 'devolvida'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
/** As listed: a pending charge past its due day is 'em_atraso' (days cut in São Paulo). */
export const CHARGE_LIST_STATUSES = [...CHARGE_STATUSES, 'em_atraso'] as const;
export type ChargeListStatus = (typeof CHARGE_LIST_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Record<ChargeListStatus, string> = {
  pendente: 'Pendente',
  paga: 'Paga',
  cancelada: 'Cancelada',
  devolvida: 'Devolvida',
  em_atraso: 'Em atraso',
};

/**
 * The plan's credits a refund of `devolvidoCentavos` stands for: in proportion to the amount
 * (all of them for the whole amount), rounded.
 */
export const creditsOfRefund = (
  charge: { creditos: number; valorCentavos: number },
  devolvidoCentavos: number,
): number =>
  charge.valorCentavos > 0
    ? Math.min(
        charge.creditos,
        Math.round((charge.creditos * devolvidoCentavos) / charge.valorCentavos),
      )
    : 0;

/** Where a charge came from: 'Cobrar' (avulsa), a monthly plan's cycle, a late-cancel fee. */
export const CHARGE_ORIGINS = ['avulsa', 'assinatura', 'taxa'] as const;
export type ChargeOrigin = (typeof CHARGE_ORIGINS)[number];
export const LATE_CANCEL_FEE_LABEL = 'Taxa de cancelamento';
/** Why a late-cancel fee was cancelled when its session went back on the agenda. */
export const LATE_CANCEL_UNDONE_MOTIVO = 'Cancelamento desfeito';
/**
 * How a charge is paid: 'pix', by its Pix Copia e Cola (empty when the trainer has no Pix key);
 * 'pix-automatico', a Pix Automático cycle the student's bank debits (no code to copy or send).
 */
export const CHARGE_PAYMENT_METHODS = ['pix', 'pix-automatico'] as const;
export type ChargePaymentMethod = (typeof CHARGE_PAYMENT_METHODS)[number];
export const AUTOMATIC_DEBIT_LABEL = 'Débito automático (Pix Automático)';

const vencimento = isoDateField('Vencimento inválido');

/** Spec 000 §5: the dialog's check, in the product's words. */
export const SELECT_PLAN_TITLE = 'Selecione um plano';
export const SELECT_PLAN_MESSAGE =
  'Você precisa selecionar um plano para gerar o link de pagamento.';

export const createChargeSchema = z.strictObject({
  studentId: z.uuid('Aluno inválido'),
  planId: z.uuid(SELECT_PLAN_MESSAGE),
  /** The due day (today in São Paulo when left out; within a year of today, past ones too). */
  vencimento: vencimento.optional(),
});
export type CreateChargeBody = z.output<typeof createChargeSchema>;

export const chargesQuerySchema = z.strictObject({
  status: z
    .enum(
      CHARGE_LIST_STATUSES,
      "Status inválido (use 'pendente', 'paga', 'cancelada', 'devolvida' ou 'em_atraso')",
    )
    .optional(),
  studentId: z.uuid('Aluno inválido').optional(),
});

/** After a refund: whether the refunded part's credits are removed from the student's balance. */
export const refundCreditsSchema = z.strictObject({
  remover: z.boolean('Informe se os créditos devem ser removidos (remover: true ou false)'),
});

/** Cancelling (or waiving a fee) may say why. */
export const cancelChargeSchema = z
  .strictObject({
    motivo: z.string('Motivo inválido').trim().max(200, 'Motivo deve ter no máximo 200 caracteres'),
  })
  .partial();

/** What a payment notification of a PSP carries (after its signature is checked). */
export const pixWebhookSchema = z.object({
  txid: z.string('txid inválido').regex(/^[A-Za-z0-9]{1,35}$/, 'txid inválido'),
  /** Reais, as the PSPs send it ("150.00" or 150). */
  valor: z.union([z.string(), z.number()]).optional(),
  endToEndId: z.string().max(64).optional(),
});

/** A charge as the API answers it (valor in reais). */
export const chargeSchema = z
  .object({
    id: z.uuid(),
    studentId: z.uuid(),
    studentNome: z.string(),
    planId: z.uuid(),
    planNome: z.string(),
    creditos: z.number().int(),
    valor: z.number(),
    txid: z.string(),
    brCode: z.string(),
    status: z.enum(CHARGE_LIST_STATUSES),
    origem: z.enum(CHARGE_ORIGINS),
    provedor: z.enum(PIX_PROVIDERS),
    pagamento: z.enum(CHARGE_PAYMENT_METHODS),
    /** The due day (AAAA-MM-DD); null for charges made before due days existed. */
    vencimento: z.iso.date().nullable(),
    /** Whole days past the due day while pending (São Paulo); 0 otherwise. */
    diasEmAtraso: z.number().int(),
    telefone: z.string().nullable(),
    /** The session of a late-cancel fee. */
    sessionId: z.uuid().nullable(),
    /** Why it was cancelled or waived. */
    motivo: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
    cancelledAt: z.iso.datetime({ offset: true }).nullable(),
    /** The receita recorded when it was paid. */
    transactionId: z.uuid().nullable(),
    /** What the PSP gave back to the payer (reais; 0 when nothing). */
    valorDevolvido: z.number(),
    /**
     * The credits of the refunded part the trainer has yet to say whether to remove ('Remover N
     * créditos' on the student's page); 0 when there is nothing to decide.
     */
    creditosPendentes: z.number().int(),
  })
  .meta({ id: 'Cobranca' });
export type Charge = z.infer<typeof chargeSchema>;

/** A charge's badge: its status, and for one given back how much went ('Devolvida (R$ 120,00)'). */
export const chargeStatusLabel = (charge: Pick<Charge, 'status' | 'valorDevolvido'>): string =>
  charge.status === 'devolvida'
    ? `${CHARGE_STATUS_LABELS.devolvida} (${formatCentavos(toCentavos(charge.valorDevolvido))})`
    : CHARGE_STATUS_LABELS[charge.status];

/** The answer of POST /api/charges and of a confirm/cancel. */
export const chargeAnswerSchema = z
  .object({
    id: z.uuid(),
    valor: z.number(),
    txid: z.string(),
    brCode: z.string(),
    status: z.enum(CHARGE_STATUSES),
    transactionId: z.uuid().nullable(),
    position: z.number().int(),
  })
  .meta({ id: 'RespostaDeCobranca' });
export type ChargeAnswer = z.infer<typeof chargeAnswerSchema>;

/** The PIX settings as saved (the key normalized, name and city as the BR Code carries them). */
export const pixSettingsViewSchema = z
  .object({
    chave: z.string(),
    tipoChave: z.enum(PIX_KEY_TYPES),
    nomeRecebedor: z.string(),
    cidade: z.string(),
    provedor: z.enum(PIX_PROVIDERS),
    baseUrl: z.string().nullable(),
    clientId: z.string().nullable(),
    /** The client secret, certificate and key are saved (never answered back). */
    credenciaisSalvas: z.boolean(),
    /** The PSP offers Pix Automático, and the account recurring charges are paid into. */
    pixAutomatico: z.boolean(),
    agencia: z.string().nullable(),
    conta: z.string().nullable(),
    tipoConta: z.enum(CONTA_TIPOS).nullable(),
  })
  .meta({ id: 'ConfiguracaoPix' });

/** 'Testar conexão': whether the PSP gave a token and took the webhook, and if not what failed. */
export const pixConnectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });
export type PixConnectionTest = z.infer<typeof pixConnectionTestSchema>;
export type TestPixConnectionBody = z.output<typeof testPixConnectionSchema>;

/** 'A receber': pending charges and those past their due day, counted and summed (reais). */
export const receivablesSchema = z
  .object({
    pendente: z.object({ quantidade: z.number().int(), total: z.number() }),
    emAtraso: z.object({ quantidade: z.number().int(), total: z.number() }),
  })
  .meta({ id: 'AReceber' });
export type Receivables = z.infer<typeof receivablesSchema>;
export type PixSettingsView = z.infer<typeof pixSettingsViewSchema>;

/** GET /api/settings/pix before the first save. */
export const pixNotConfiguredSchema = z.object({ configurada: z.literal(false) });

const trainer = routes('charges', 'personal');
const charges = trainer.collection('/charges');

export const chargesApi = {
  pixSettings: trainer.get('/settings/pix', {
    summary:
      'Chave PIX, nome do recebedor e cidade (`{ configurada: false }` até a primeira gravação)',
    answer: z.union([pixSettingsViewSchema, pixNotConfiguredSchema]),
    live: true,
  }),
  setPixSettings: trainer.put('/settings/pix', {
    changes: ['first-steps'],
    summary:
      'Salva a chave PIX (CPF, CNPJ, e-mail, telefone ou aleatória), o nome do recebedor (até 25) e a cidade (até 15), sem acentos',
    body: pixSettingsSchema,
    answer: commandAnswerSchema.extend(pixSettingsViewSchema.shape),
    errors: { invalid_certificate: 400 },
  }),
  testPixConnection: trainer.post('/settings/pix/test', {
    summary:
      "'Testar conexão': pede um token OAuth2 ao PSP (mTLS) e registra o webhook (PUT /webhook/{chave}); diz em português o que falhou",
    body: testPixConnectionSchema,
    answer: pixConnectionTestSchema,
  }),
  create: charges.create({
    changes: ['charge'],
    summary: 'Cobra um plano do aluno por PIX: BR Code estático com o valor e o txid',
    body: createChargeSchema,
    answer: chargeAnswerSchema,
    errors: { not_found: 404, pix_not_configured: 422, psp_unavailable: 502 },
  }),
  receivables: trainer.get('/charges/summary', {
    summary: "'A receber': cobranças pendentes e em atraso (quantidade e total)",
    answer: receivablesSchema,
  }),
  list: charges.list({
    summary:
      "Cobranças, mais recentes primeiro (filtro por status, 'em_atraso' as pendentes vencidas, e por aluno)",
    query: chargesQuerySchema,
    answer: listOf(chargeSchema),
  }),
  get: charges.get({ summary: 'Uma cobrança', answer: chargeSchema }),
  confirm: trainer.post('/charges/{id}/confirm', {
    changes: ['charge', 'credit', 'student', 'transaction', 'finance-summary'],
    summary:
      'Marca como paga: registra a receita (PIX) e concede os créditos do plano, uma vez só; repetir responde o mesmo',
    answer: chargeAnswerSchema,
    errors: { charge_cancelled: 409 },
  }),
  decideRefundCredits: trainer.post('/charges/{id}/refund-credits', {
    changes: ['charge', 'credit', 'student'],
    summary:
      "Depois de uma devolução: 'Remover N créditos' (até o saldo, nunca abaixo de zero) ou mantê-los; uma vez por devolução",
    body: refundCreditsSchema,
    answer: chargeAnswerSchema,
    errors: { not_refunded: 409 },
  }),
  cancel: trainer.post('/charges/{id}/cancel', {
    changes: ['charge'],
    summary:
      'Cancela uma cobrança pendente, ou dispensa uma taxa, com um motivo (uma cobrança paga não se cancela)',
    body: cancelChargeSchema,
    answer: chargeAnswerSchema,
    errors: { charge_paid: 409 },
  }),
};

/**
 * A PSP's payment notification, signed with the provider's secret (HMAC-SHA256 of the raw body in
 * X-Signature): the charge of the txid is paid. 401 for a wrong signature, 404 when the provider
 * has no secret configured or the txid is unknown.
 */
export const pixWebhooksApi = {
  notify: routes('charges', 'public').post('/webhooks/pix/{provider}', {
    summary:
      'Notificação de pagamento PIX de um PSP (HMAC-SHA256 do corpo em X-Signature): marca a cobrança do txid como paga',
    body: pixWebhookSchema,
    answer: z.object({ id: z.uuid(), status: z.enum(CHARGE_STATUSES) }),
    errors: { invalid_signature: 401, valor_divergente: 422, charge_cancelled: 409 },
  }),
};

/** The standard's Pix as a PSP notifies it (only what Vira reads; the PSP may send more). */
const notifiedPixSchema = z.looseObject({
  endToEndId: z.string('endToEndId inválido').regex(/^[a-zA-Z0-9]{32}$/, 'endToEndId inválido'),
  txid: z
    .string('txid inválido')
    .regex(/^[a-zA-Z0-9]{1,35}$/, 'txid inválido')
    .optional(),
  valor: z.string('valor inválido').regex(/^\d{1,10}\.\d{2}$/, 'valor inválido'),
  /** RFC 3339 with its offset, as the standard writes it. */
  horario: z
    .string('horario inválido')
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
      'horario inválido (use data e hora com fuso, RFC 3339)',
    ),
});

/**
 * The Banco Central's API Pix notification, POSTed by the PSP to the registered webhookUrl + '/pix'.
 * Never trusted alone: each Pix is confirmed with the trainer's PSP (GET /cob/{txid}) first.
 */
export const apiPixWebhooksApi = {
  notifyApiPix: routes('charges', 'public').post('/webhooks/api-pix/pix', {
    summary:
      'Notificação da API Pix (`{ pix: [...] }`): cada Pix é confirmado no PSP (GET /cob/{txid}) antes de a cobrança ser dada como paga',
    body: z.looseObject({ pix: z.array(notifiedPixSchema, 'deve ser uma lista').max(100) }),
    answer: z.object({
      recebidos: z.number().int(),
      /** Payments the PSP confirmed that this notification recorded. */
      confirmados: z.number().int(),
      /** Payments the PSP confirmed that were recorded before (a replay). */
      jaRegistrados: z.number().int(),
      /** Pix of a charge named earlier in the same notification (its PSP asked once). */
      repetidos: z.number().int(),
      naoConfirmados: z.number().int(),
      /** Charges past the 10 asked per notification: left to the reconciliation. */
      adiados: z.number().int(),
      /** Refunds the PSP confirmed that this notification recorded. */
      devolucoes: z.number().int(),
    }),
    errors: { rate_limited: 429 },
  }),
  notifyApiPixRec: routes('charges', 'public').post('/webhooks/api-pix/rec', {
    summary:
      'Notificação de recorrência do Pix Automático (`{ recs: [...] }`): cada uma é consultada no PSP (GET /rec/{idRec}) antes de a assinatura ser dada como autorizada',
    body: z.looseObject({
      recs: z
        .array(
          z.looseObject({
            idRec: z.string('idRec inválido').regex(/^[a-zA-Z0-9]{29}$/, 'idRec inválido'),
          }),
          'deve ser uma lista',
        )
        .max(100),
    }),
    answer: z.object({ recebidos: z.number().int(), confirmados: z.number().int() }),
    errors: { rate_limited: 429 },
  }),
  notifyApiPixCobr: routes('charges', 'public').post('/webhooks/api-pix/cobr', {
    summary:
      'Notificação de cobrança recorrente do Pix Automático (`{ cobsr: [...] }`): cada uma é consultada no PSP (GET /cobr/{txid}) antes de a cobrança ser dada como paga ou de pedir nova tentativa',
    body: z.looseObject({
      cobsr: z
        .array(
          z.looseObject({
            txid: z.string('txid inválido').regex(/^[a-zA-Z0-9]{26,35}$/, 'txid inválido'),
          }),
          'deve ser uma lista',
        )
        .max(100),
    }),
    answer: z.object({ recebidos: z.number().int(), confirmados: z.number().int() }),
    errors: { rate_limited: 429 },
  }),
};

/**
 * Monthly plans that bill themselves: a student subscribed to a plan with 'Cobrança mensal' gets
 * a charge for every cycle (origem 'assinatura'), made by the worker a few days before the due
 * day; cancelling keeps the cycle already due and bills no later one.
 */
export const SUBSCRIPTION_STATUSES = ['ativa', 'pausada', 'cancelada'] as const;
/** A subscription's Pix Automático recurrence: waiting for the student, authorised, refused, ended. */
export const PIX_AUTOMATICO_STATUSES = [
  'aguardando',
  'autorizada',
  'recusada',
  'cancelada',
  'nao_criada',
] as const;
export type PixAutomaticoStatus = (typeof PIX_AUTOMATICO_STATUSES)[number];
export const PIX_AUTOMATICO_STATUS_LABELS: Record<PixAutomaticoStatus, string> = {
  aguardando: 'Aguardando autorização',
  autorizada: 'Autorizada',
  recusada: 'Recusada',
  cancelada: 'Cancelada',
  nao_criada: 'Não criado no PSP',
};
/** What a subscription tells the trainer when the PSP did not make its Pix Automático. */
export const pixAutomaticoNotMadeText = (motivo: string | null) =>
  `${motivo ?? 'O PSP não criou o Pix Automático'}. Cada ciclo vira uma cobrança para pagar.`;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** How long before its due day a cycle's charge is made (São Paulo days). */
export const CYCLE_LEAD_DAYS = 5;
/** How far back a subscription may start (one begun last month, registered now). */
export const SUBSCRIPTION_START_MAX_PAST_DAYS = 60;

export const subscribeSchema = z.strictObject({
  planId: z.uuid('Plano inválido'),
  /** The first cycle is due on the plan's due day on or after it (today in São Paulo when left out). */
  inicio: isoDateField('Início inválido').optional(),
  /** The payer's CPF: a PSP's charge with a due date (cobv) names its payer. */
  cpf: z
    .string('CPF inválido')
    .max(20, 'CPF inválido')
    .transform(cpfDigits)
    .refine(isValidCpf, 'CPF inválido')
    .nullable()
    .optional(),
});
export type SubscribeBody = z.output<typeof subscribeSchema>;

export const subscriptionsQuerySchema = z.strictObject({
  studentId: z.uuid('Aluno inválido').optional(),
  status: z
    .enum(SUBSCRIPTION_STATUSES, "Status inválido (use 'ativa', 'pausada' ou 'cancelada')")
    .optional(),
});

/** A cycle whose charge the trainer's PSP refused: nothing was issued until it is tried again. */
export const cycleRefusalSchema = z.object({
  /** AAAA-MM. */
  ciclo: z.string(),
  vencimento: z.iso.date(),
  /** What the PSP answered. */
  motivo: z.string(),
});
export type CycleRefusal = z.infer<typeof cycleRefusalSchema>;
/** What the subscription card and Cobranças say of a cycle its PSP refused. */
export const cycleRefusedText = (refusal: Pick<CycleRefusal, 'motivo'>) =>
  `Cobrança não emitida pelo PSP: ${refusal.motivo}`;
export const RETRY_CYCLE_LABEL = 'Tentar de novo';

export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    studentId: z.uuid(),
    planId: z.uuid(),
    planNome: z.string(),
    /** Reais, the plan's price when subscribed (each cycle charges the plan's price then). */
    valor: z.number(),
    diaVencimento: z.number().int(),
    inicio: z.iso.date(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** The next cycle's due day still to be charged; null when no cycle is left. */
    proximoVencimento: z.iso.date().nullable(),
    /** Cancelled: the last cycle's due day that stays (null when none was due yet). */
    ultimoVencimento: z.iso.date().nullable(),
    /** Paused ('pausada'): the last cycle not charged (AAAA-MM); null until resumed, or not paused. */
    pausadaAte: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    cancelledAt: z.iso.datetime({ offset: true }).nullable(),
    /** Cycles come due whose charge the PSP refused ('Tentar de novo' asks it again). */
    ciclosRecusados: z.array(cycleRefusalSchema),
    /**
     * Pix Automático (the PSP offers it and the student's CPF was given): the recurrence's state at
     * the PSP and, while it waits for the student, the QR (Pix Copia e Cola) that pays the first
     * cycle and authorises the next ones; null: every cycle is a charge to pay.
     */
    pixAutomatico: z
      .object({
        status: z.enum(PIX_AUTOMATICO_STATUSES),
        /** Not made at the PSP ('nao_criada'): what the PSP, or the connection to it, answered. */
        motivo: z.string().nullable(),
        pixCopiaECola: z.string().nullable(),
        /**
         * While it waits: the request last sent to the student's own bank (Jornada 1), which the
         * student approves in their bank's app, and until when it stands; null: none standing.
         */
        pedidoAoBanco: z
          .object({
            enviadoEm: z.iso.datetime({ offset: true }),
            expiraEm: z.iso.datetime({ offset: true }),
          })
          .nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Assinatura' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** How long the student's bank keeps a request to authorise Pix Automático open. */
export const RECURRENCE_REQUEST_DAYS = 7;

/**
 * Banks students most often have, by ISPB (the institution's code in the Pix system, what the
 * request to the student's bank names); any other is typed by its ISPB.
 */
export const BANKS_BY_ISPB: readonly { ispb: string; nome: string }[] = [
  { ispb: '18236120', nome: 'Nubank' },
  { ispb: '60701190', nome: 'Itaú' },
  { ispb: '60746948', nome: 'Bradesco' },
  { ispb: '00000000', nome: 'Banco do Brasil' },
  { ispb: '00360305', nome: 'Caixa' },
  { ispb: '90400888', nome: 'Santander' },
  { ispb: '00416968', nome: 'Inter' },
  { ispb: '31872495', nome: 'C6 Bank' },
  { ispb: '10573521', nome: 'Mercado Pago' },
  { ispb: '22896431', nome: 'PicPay' },
  { ispb: '08561701', nome: 'PagBank' },
  { ispb: '30306294', nome: 'BTG Pactual' },
  { ispb: '02038232', nome: 'Sicoob' },
  { ispb: '01181521', nome: 'Sicredi' },
];

/** Letters and digits only: how a bank branch or account is typed, dots, hyphens and spaces aside. */
const accountDigits = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

export const recurrenceRequestSchema = z.strictObject({
  /** 8 letters or digits: an ISPB may be derived from an alphanumeric CNPJ (API Pix 2.9.0). */
  ispb: z
    .string('Banco inválido')
    .transform((ispb) => ispb.trim().toUpperCase())
    .refine((ispb) => /^[0-9A-Z]{8}$/.test(ispb), 'Banco inválido: o ISPB tem 8 letras ou dígitos'),
  agencia: z
    .string('Agência inválida')
    .transform(accountDigits)
    .refine((agencia) => /^\d{1,4}$/.test(agencia), 'Agência inválida: até 4 dígitos, sem o dígito')
    .nullable()
    .optional(),
  conta: z
    .string('Conta inválida')
    .transform(accountDigits)
    .refine(
      (conta) => /^\d{1,19}[\dX]$/.test(conta),
      'Conta inválida: até 20 dígitos, com o dígito verificador',
    ),
});
export type RecurrenceRequestBody = z.output<typeof recurrenceRequestSchema>;

/** How many cycles a pause may last, or null: until the trainer resumes it. */
export const PAUSE_CYCLES = [1, 2, 3] as const;
export const pauseSchema = z.strictObject({
  ciclos: z.literal(PAUSE_CYCLES, 'Ciclos inválidos (use 1, 2, 3 ou null: até retomar)').nullable(),
});
export type PauseBody = z.output<typeof pauseSchema>;

const subscriber = routes('subscriptions', 'personal');

export const subscriptionsApi = {
  subscribe: subscriber.post('/students/{id}/subscription', {
    changes: ['subscription', 'charge', 'finance-summary'],
    summary:
      'Assina um plano de cobrança mensal para o aluno ativo: cada ciclo vira uma cobrança (origem assinatura) feita antes do vencimento; uma assinatura ativa por aluno, e assinar de novo depois de cancelar faz uma nova assinatura',
    status: 201,
    body: subscribeSchema,
    answer: subscriptionSchema,
    errors: { not_found: 404, subscription_exists: 409, student_inactive: 409 },
  }),
  list: subscriber.get('/subscriptions', {
    summary: 'Assinaturas, mais recentes primeiro (filtro por aluno e por status)',
    query: subscriptionsQuerySchema,
    answer: listOf(subscriptionSchema),
  }),
  requestAuthorisation: subscriber.post('/subscriptions/{id}/pix-automatico/solicitacao', {
    summary:
      'Pix Automático pela Jornada 1: pede ao banco do aluno (ISPB, agência, conta) que ele autorize a recorrência no app do banco, em vez de escanear o QR Code',
    body: recurrenceRequestSchema,
    answer: subscriptionSchema,
    errors: {
      not_found: 404,
      recurrence_not_waiting: 409,
      recurrence_request_exists: 409,
      psp_unavailable: 502,
    },
  }),
  cancel: subscriber.post('/subscriptions/{id}/cancel', {
    changes: ['subscription', 'charge', 'finance-summary'],
    summary:
      'Cancela a assinatura a partir do próximo ciclo: o ciclo já vencido fica; um ciclo seguinte já emitido e pendente é cancelado',
    answer: subscriptionSchema,
  }),
  pause: subscriber.post('/subscriptions/{id}/pause', {
    changes: ['subscription', 'charge', 'finance-summary'],
    summary:
      "'Pausar assinatura': nenhum ciclo é cobrado a partir do próximo ainda não vencido, por 1 a 3 ciclos ou até retomar (ciclos: null); as cobranças já emitidas desses ciclos são canceladas (no PSP também), o Pix Automático fica",
    body: pauseSchema,
    answer: subscriptionSchema,
    errors: { not_active: 409 },
  }),
  resume: subscriber.post('/subscriptions/{id}/resume', {
    changes: ['subscription', 'charge', 'finance-summary'],
    summary: "'Retomar': a assinatura volta a cobrar a partir do próximo ciclo ainda não vencido",
    answer: subscriptionSchema,
    errors: { not_active: 409 },
  }),
  retryCycle: subscriber.post('/subscriptions/{id}/retry-cycle', {
    changes: ['subscription', 'charge', 'finance-summary'],
    summary:
      "'Tentar de novo': pede de novo ao PSP as cobranças dos ciclos que ele recusou (ciclosRecusados)",
    answer: subscriptionSchema,
    errors: { nothing_to_retry: 409 },
  }),
};

/** 'dd/mm/aaaa' of an 'AAAA-MM-DD'. */
const brDate = (date: string) => date.split('-').reverse().join('/');
const brl = (reais: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais);

/**
 * The WhatsApp reminder of a pending or overdue charge, with its Pix Copia e Cola; without one
 * (the trainer has no Pix key), it asks the student to reply to pay.
 */
export function chargeReminderText(
  charge: Pick<
    Charge,
    'studentNome' | 'planNome' | 'valor' | 'vencimento' | 'diasEmAtraso' | 'brCode' | 'origem'
  >,
): string {
  const first = charge.studentNome.split(' ')[0];
  const what =
    charge.origem === 'taxa' ? LATE_CANCEL_FEE_LABEL.toLowerCase() : `plano ${charge.planNome}`;
  const due = !charge.vencimento
    ? 'está em aberto'
    : charge.diasEmAtraso > 0
      ? `venceu em ${brDate(charge.vencimento)} (${charge.diasEmAtraso} ${charge.diasEmAtraso === 1 ? 'dia' : 'dias'} em atraso)`
      : `vence em ${brDate(charge.vencimento)}`;
  const pay = charge.brCode
    ? `Para pagar, use o Pix Copia e Cola:\n\n${charge.brCode}`
    : 'Para pagar, me responda por aqui que eu envio a forma de pagamento.';
  return `Olá, ${first}! Passando para lembrar do pagamento de ${brl(charge.valor)} (${what}), que ${due}. ${pay}`;
}

/** The student's own area, where their charges are (the app's '/aluno'). */
export const STUDENT_AREA_PATH = '/aluno';

/** A subscription cycle's charge as its student is told it (e-mail, and the trainer's WhatsApp). */
export interface CycleChargeWords {
  studentNome: string;
  planNome: string;
  /** Reais. */
  valor: number;
  /** AAAA-MM-DD. */
  vencimento: string;
  /** Pix Copia e Cola; empty when the trainer has no Pix set up. */
  brCode: string;
}

/** The e-mail's subject of a cycle's charge. */
export const cycleChargeSubject = (
  charge: Pick<CycleChargeWords, 'planNome' | 'valor' | 'vencimento'>,
) =>
  `Mensalidade do plano ${charge.planNome}: ${brl(charge.valor)}, vence em ${brDate(charge.vencimento)}`;

/**
 * The e-mail's subject of a Pix Automático cycle the student's bank did not debit (its attempts
 * over): from then on it is paid by Pix like any charge.
 */
export const automaticDebitEndedSubject = (charge: Pick<CycleChargeWords, 'planNome' | 'valor'>) =>
  `Mensalidade do plano ${charge.planNome}: ${brl(charge.valor)}, o débito automático não foi feito`;

/** What such a cycle tells its student: that the debit was not made, and how to pay it now. */
export const automaticDebitEndedText = (charge: CycleChargeWords, areaUrl: string): string =>
  cycleNotice(
    charge,
    `O débito automático (Pix Automático) da mensalidade do seu plano ${charge.planNome}, ` +
      `de ${brl(charge.valor)} com vencimento em ${brDate(charge.vencimento)}, não foi feito pelo seu banco.`,
    areaUrl,
  );

/**
 * What a cycle's charge tells its student: the plan, the amount, the due day, the Pix Copia e Cola
 * and the link to their area (`areaUrl`, absolute).
 */
export const cycleChargeText = (charge: CycleChargeWords, areaUrl: string): string =>
  cycleNotice(
    charge,
    `A mensalidade do seu plano ${charge.planNome} está disponível: ${brl(charge.valor)}, ` +
      `com vencimento em ${brDate(charge.vencimento)}.`,
    areaUrl,
  );

/** A cycle's notice: the greeting, what happened, the Pix Copia e Cola to pay with, the student's area. */
function cycleNotice(charge: CycleChargeWords, what: string, areaUrl: string): string {
  const first = charge.studentNome.split(' ')[0];
  const pay = charge.brCode ? `Para pagar, use o Pix Copia e Cola:\n\n${charge.brCode}\n\n` : '';
  return `Olá, ${first}! ${what}\n\n${pay}Acompanhe suas cobranças na sua área do aluno: ${areaUrl}`;
}
