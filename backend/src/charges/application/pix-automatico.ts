import type { Kysely } from 'kysely';
import { RECURRENCE_REQUEST_DAYS, type RecurrenceRequestBody } from '../../contracts/charges/api';
import type { PixSettings } from '../../contracts/charges/pix';
import type { ChargeBilling } from '../../contracts/charges/events';
import { numericFromCentavos } from '../../contracts/shared/money';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { Database } from '../../platform/database/database';
import { ConflictError, DomainError } from '../../platform/errors/domain-error';
import type { CommandContext, CommandRunner } from '../../platform/event-store/command-runner';
import { ChargeCommands, currentPixSettings } from '../commands/charge.commands';
import { subscriptionReferences } from '../commands/subscription.commands';
import {
  cycleChargeIdOf,
  nextDueDate,
  recurrenceNotWaiting,
  subscriptionDecider,
  type SubscriptionCommand,
} from '../domain/subscription.decider';
import { DAYS_PAYABLE_AFTER_DUE, txidOf } from '../process-managers/subscription-cycles';
import { ApiPixError } from '../psp/api-pix-client';
import type { PspConnections } from '../psp/psp-connections';
import { pspContext } from '../psp/psp-confirmation';

/** What Pix Automático needs: the database, the command runner and the tenants' PSP clients. */
export interface PixAutomaticoDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  connections: PspConnections;
}

/** Retries allowed after a failed recurring charge: 3 within 7 days (the standard's PERMITE_3R_7D). */
export const POLITICA_RETENTATIVA = 'PERMITE_3R_7D' as const;

/** Whether a trainer's settings charge monthly plans through Pix Automático. */
export const offersPixAutomatico = (settings: PixSettings | undefined): boolean =>
  settings?.provedor === 'api-pix' && settings.apiPix?.pixAutomatico !== undefined;

export function runSubscriptionCommand(
  runner: CommandRunner,
  tenantId: string,
  subscriptionId: string,
  command: SubscriptionCommand,
  correlationId: string,
) {
  return runner.run({
    decider: subscriptionDecider,
    inline: subscriptionReferences,
    streamId: subscriptionId,
    context: pspContext(tenantId, correlationId),
    command,
  });
}

/**
 * Jornada 3 at the trainer's PSP: the first cycle's immediate charge (PUT /cob, which becomes the
 * cycle's charge here), a location for the recurrence (POST /locrec), the recurrence tied to that
 * charge (POST /rec), and its composite QR (GET /rec/{idRec}?txid=): scanned in the student's bank,
 * it pays the first cycle and authorises the next ones. Answers what the subscription records.
 */
export async function prepareRecurrence(
  deps: PixAutomaticoDeps,
  input: {
    context: CommandContext;
    subscriptionId: string;
    settings: PixSettings;
    billing: ChargeBilling;
    diaVencimento: number;
    firstDue: string;
    cpf: string;
    now: Date;
  },
): Promise<{ idRec: string; txid: string; pixCopiaECola: string }> {
  const { context, subscriptionId, settings, billing, firstDue } = input;
  const client = await deps.connections.clientOf(context.tenantId, settings.apiPix);
  const chargeId = cycleChargeIdOf(subscriptionId, firstDue.slice(0, 7));
  const txid = txidOf(chargeId, 32);
  const valor = numericFromCentavos(billing.valorCentavos);
  const payableUntil = Date.parse(`${addDays(firstDue, DAYS_PAYABLE_AFTER_DUE)}T03:00:00Z`);
  const cob = await client.putCob(txid, {
    calendario: {
      expiracao: Math.max(86_400, Math.round((payableUntil - input.now.getTime()) / 1000)),
    },
    devedor: { cpf: input.cpf, nome: billing.studentNome.slice(0, 200) },
    valor: { original: valor },
    chave: settings.chave,
    solicitacaoPagador: billing.planNome.slice(0, 140),
  });
  const loc = await client.postLocRec();
  const today = zonedParts(input.now, DEFAULT_TIME_ZONE).date;
  const second = nextDueDate(firstDue, input.diaVencimento);
  const rec = await client.postRec({
    vinculo: {
      contrato: subscriptionId.replace(/-/g, ''),
      objeto: billing.planNome.slice(0, 35),
      devedor: { cpf: input.cpf, nome: billing.studentNome.slice(0, 140) },
    },
    calendario: { dataInicial: second > today ? second : today, periodicidade: 'MENSAL' },
    valor: { valorRec: valor },
    politicaRetentativa: POLITICA_RETENTATIVA,
    loc: loc.id,
    ativacao: { dadosJornada: { txid } },
  });
  const composite = await client.getRec(rec.idRec, txid);
  const pixCopiaECola = composite.dadosQR?.pixCopiaECola ?? cob.pixCopiaECola;
  if (!pixCopiaECola) throw new Error('o PSP não devolveu o QR da recorrência');
  await new ChargeCommands(deps.runner).handle({ ...context, correlationId: chargeId }, chargeId, {
    type: 'CreateCharge',
    charge: {
      ...billing,
      txid,
      brCode: pixCopiaECola,
      origem: 'assinatura',
      provedor: 'api-pix',
      vencimento: firstDue,
      tipoCob: 'cob',
      subscriptionId,
      ciclo: firstDue.slice(0, 7),
    },
  });
  return { idRec: rec.idRec, txid, pixCopiaECola };
}

export const recurrenceRequestExists = () =>
  new ConflictError(
    'recurrence_request_exists',
    'Já há um pedido aguardando a resposta do aluno no banco dele',
  );

/**
 * Jornada 1: the subscription's waiting recurrence sent to the student's own bank (POST /solicrec
 * naming their account); the student authorises it in the bank's app, and the PSP's word comes
 * as for the QR. The payer's CPF is the recurrence's debtor's, as the PSP holds it. The account is
 * sent, never kept. Answers the request the subscription records.
 */
export async function requestRecurrenceAuthorisation(
  deps: PixAutomaticoDeps,
  input: {
    context: CommandContext;
    subscriptionId: string;
    idRec: string;
    conta: RecurrenceRequestBody;
    now: Date;
  },
): Promise<{ idSolicRec: string; expiraEm: string }> {
  const { context, subscriptionId, idRec, conta } = input;
  const client = await deps.connections.clientOfSettings(
    context.tenantId,
    await currentPixSettings(deps.db, context.tenantId),
  );
  if (!client)
    throw new ConflictError(
      'recurrence_not_waiting',
      'O Pix Automático precisa do PSP (API Pix) em Ajustes › Recebimento por PIX',
    );
  const expiraEm = new Date(input.now.getTime() + RECURRENCE_REQUEST_DAYS * 86_400_000);
  let idSolicRec: string;
  try {
    const rec = await client.getRec(idRec);
    const cpf = rec.vinculo?.devedor.cpf;
    if (rec.status !== 'CRIADA' || !cpf) {
      await confirmRecurrence(deps, { tenantId: context.tenantId, subscriptionId, idRec });
      throw recurrenceNotWaiting();
    }
    ({ idSolicRec } = await client.postSolicRec({
      idRec,
      calendario: { dataExpiracaoSolicitacao: expiraEm.toISOString() },
      destinatario: {
        cpf,
        ispbParticipante: conta.ispb,
        ...(conta.agencia ? { agencia: conta.agencia } : {}),
        conta: conta.conta,
      },
    }));
  } catch (error) {
    if (!(error instanceof ApiPixError)) throw error;
    if (error.razoes.some((razao) => razao.includes('solicitação ativa')))
      throw recurrenceRequestExists();
    throw new DomainError(
      'psp_unavailable',
      `O PSP não enviou o pedido ao banco do aluno: ${error.message}. Tente de novo ou mostre o QR Code ao aluno`,
      502,
    );
  }
  return { idSolicRec, expiraEm: expiraEm.toISOString() };
}

export type RecurrenceVerdict =
  'autorizada' | 'aguardando' | 'encerrada' | 'sem_psp' | 'desconhecida';

/**
 * Asks the trainer's PSP how a subscription's recurrence stands (GET /rec/{idRec}) and records
 * it: APROVADA authorises the subscription's Pix Automático, REJEITADA or EXPIRADA ends it refused,
 * CANCELADA ends it cancelled; once each (the decider ignores a repeat). A notification is never
 * trusted alone: this is what both it and the worker's reconciliation call.
 */
export async function confirmRecurrence(
  deps: PixAutomaticoDeps,
  recurrence: { tenantId: string; subscriptionId: string; idRec: string },
): Promise<RecurrenceVerdict> {
  const { tenantId, subscriptionId, idRec } = recurrence;
  const client = await deps.connections.clientOfSettings(
    tenantId,
    await currentPixSettings(deps.db, tenantId),
  );
  if (!client) return 'sem_psp';
  const rec = await client.getRec(idRec);
  if (rec.idRec !== idRec) return 'desconhecida';
  const run = (command: SubscriptionCommand) =>
    runSubscriptionCommand(deps.runner, tenantId, subscriptionId, command, idRec);
  switch (rec.status) {
    case 'CRIADA':
      return 'aguardando';
    case 'APROVADA':
      await run({ type: 'AuthoriseRecurrence', idRec });
      return 'autorizada';
    case 'CANCELADA':
      await run({ type: 'EndRecurrence', idRec, motivo: 'cancelada' });
      return 'encerrada';
    default:
      await run({ type: 'EndRecurrence', idRec, motivo: 'recusada' });
      return 'encerrada';
  }
}

/**
 * The subscription was cancelled (the cobr of the cycles it leaves out are the cycles' process
 * manager's to cancel): the recurrence itself is cancelled at the PSP (PATCH /rec/{idRec}), so
 * the student's bank pays no later cycle; recorded ended.
 */
export async function cancelRecurrence(
  deps: PixAutomaticoDeps,
  recurrence: { tenantId: string; subscriptionId: string; idRec: string },
): Promise<void> {
  const { tenantId, subscriptionId, idRec } = recurrence;
  const client = await deps.connections.clientOfSettings(
    tenantId,
    await currentPixSettings(deps.db, tenantId),
  );
  if (client) {
    const rec = await client.getRec(idRec);
    if (rec.status === 'CRIADA' || rec.status === 'APROVADA') await client.cancelRec(idRec);
  }
  await runSubscriptionCommand(
    deps.runner,
    tenantId,
    subscriptionId,
    { type: 'EndRecurrence', idRec, motivo: 'cancelada' },
    idRec,
  );
}
