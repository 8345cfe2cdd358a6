import type { Kysely } from 'kysely';
import type { ChargeCreatedData } from '../../contracts/charges/events';
import { centavosFromNumeric } from '../../contracts/shared/money';
import { buildBrCode, type PixSettings } from '../../contracts/charges/pix';
import { addDays } from '../../contracts/shared/time';
import type { Database } from '../../platform/database/database';
import type { CommandContext, CommandRunner } from '../../platform/event-store/command-runner';
import { loadState } from '../../platform/event-store/load-state';
import { chargeDecider } from '../domain/charge.decider';
import { ChargeCommands, currentPixSettings } from '../commands/charge.commands';
import { type ApiPixClient, ApiPixError, type ApiPixCobR, type ApiPixPix } from './api-pix-client';
import type { PspConnections } from './psp-connections';

/** What the PSP (its notifications, or its answers to the worker's checks) makes happen. */
export const pspContext = (tenantId: string, correlationId: string): CommandContext => ({
  tenantId,
  actorId: 'psp:api-pix',
  actorRole: 'system',
  correlationId,
});

/** PERMITE_3R_7D: up to 3 more attempts, each the day after the last failed one, within 7 days of the due day. */
const RETRIES = 3;
const RETRY_WINDOW_DAYS = 7;

/**
 * A recurring charge whose last attempt the payer's bank rejected is tried again the next day, as
 * its recurrence's policy allows; with none left it stays unpaid (the PSP expires it) and is
 * 'Em atraso' here. Asked twice at once (a notification repeated), the PSP takes one.
 */
async function retryWhenAllowed(client: ApiPixClient, cobr: ApiPixCobR): Promise<void> {
  const last = cobr.tentativas?.at(-1);
  if (cobr.status !== 'ATIVA' || last?.status !== 'REJEITADA') return;
  if (cobr.politicaRetentativa !== 'PERMITE_3R_7D') return;
  const retries = (cobr.tentativas ?? []).filter((tentativa) => tentativa.tipo === 'RIFL').length;
  const next = addDays(last.dataLiquidacao, 1);
  if (retries >= RETRIES || next > addDays(cobr.calendario.dataDeVencimento, RETRY_WINDOW_DAYS))
    return;
  try {
    await client.retryCobr(cobr.txid, next);
  } catch (error) {
    // Asked already (another notification of the same failure): the PSP holds one attempt.
    if (!(error instanceof ApiPixError && error.status === 400)) throw error;
  }
}

/**
 * A recurring charge the PSP ended unpaid (its retries over, or expired): its student's bank will
 * not debit it, so it becomes payable by the static BR Code of the trainer's key for its amount.
 */
async function endAutomaticDebit(
  deps: { db: Kysely<Database>; runner: CommandRunner },
  charge: { tenantId: string; chargeId: string },
  data: ChargeCreatedData,
  settings: PixSettings | undefined,
): Promise<void> {
  const txid = charge.chargeId.replace(/-/g, '').toUpperCase().slice(0, 25);
  const brCode = settings?.chave
    ? buildBrCode({ ...settings, valorCentavos: data.valorCentavos, txid })
    : '';
  await new ChargeCommands(deps.runner).handle(
    pspContext(charge.tenantId, charge.chargeId),
    charge.chargeId,
    { type: 'EndAutomaticDebit', brCode },
  );
}

/**
 * What the PSP said of a charge; paid: whether this confirmation recorded the payment (`novo`,
 * false when it was recorded before) and how many refunds it recorded.
 */
export type PspVerdict =
  | { outcome: 'paga'; position: number; endToEndId: string; novo: boolean; devolucoes: number }
  | { outcome: 'pendente' | 'removida' | 'nao_confirmada' | 'sem_psp' };

/**
 * Asks the trainer's PSP whether a charge is paid (GET /cob/{txid}, /cobv/{txid} for one with a
 * due date, /cobr/{txid} for a Pix Automático one, whose failed attempt is retried as its policy
 * allows) and, when the PSP holds it
 * CONCLUIDA with a Pix of at least its value (the notified one, when a notification is being
 * confirmed), records it paid, keyed by the Pix's endToEndId: a notification retried, one lost and
 * found by the worker, and 'Marcar como pago' give one ChargePaid, hence one receita and one grant
 * (the settlement is keyed by that event). A Pix the PSP gave back, in whole or in part (its
 * `devolucoes` DEVOLVIDO), refunds the charge by that much, once per devolução. A notification is
 * never trusted alone.
 */
export async function confirmWithPsp(
  deps: { db: Kysely<Database>; runner: CommandRunner; connections: PspConnections },
  charge: { tenantId: string; chargeId: string; txid: string },
  via: 'webhook' | 'conciliacao',
  notifiedEndToEndIds?: readonly string[],
): Promise<PspVerdict> {
  const { tenantId, chargeId, txid } = charge;
  const { state } = await loadState(deps.db, tenantId, chargeId, chargeDecider);
  if (state.status === 'absent') return { outcome: 'nao_confirmada' };
  const data = state.charge;
  const settings = await currentPixSettings(deps.db, tenantId);
  const client = await deps.connections.clientOfSettings(tenantId, settings);
  if (!client || data.provedor !== 'api-pix') return { outcome: 'sem_psp' };
  let status: 'pendente' | 'paga' | 'removida';
  let paid: ApiPixPix[];
  if (data.tipoCob === 'cobr') {
    const cobr = await client.getCobr(txid);
    if (cobr.txid !== txid) return { outcome: 'nao_confirmada' };
    status =
      cobr.status === 'CONCLUIDA'
        ? 'paga'
        : cobr.status === 'ATIVA' || cobr.status === 'CRIADA'
          ? 'pendente'
          : 'removida';
    paid = cobr.pix ?? [];
    if (status === 'pendente') await retryWhenAllowed(client, cobr);
    if (status === 'removida') await endAutomaticDebit(deps, charge, data, settings);
  } else {
    const cob = data.tipoCob === 'cobv' ? await client.getCobv(txid) : await client.getCob(txid);
    if (cob.txid !== txid) return { outcome: 'nao_confirmada' };
    status = cob.status === 'ATIVA' ? 'pendente' : cob.status === 'CONCLUIDA' ? 'paga' : 'removida';
    paid = cob.pix ?? [];
  }
  if (status !== 'paga') return { outcome: status };
  const pix = paid.find(
    (candidate) =>
      (!notifiedEndToEndIds || notifiedEndToEndIds.includes(candidate.endToEndId)) &&
      /^\d{1,10}\.\d{2}$/.test(candidate.valor) &&
      centavosFromNumeric(candidate.valor) >= data.valorCentavos,
  );
  if (!pix) return { outcome: 'nao_confirmada' };
  const commands = new ChargeCommands(deps.runner);
  const result = await commands.handle(
    {
      ...pspContext(tenantId, pix.endToEndId),
      idempotency: { key: `pix-e2e:${pix.endToEndId}`, fingerprint: chargeId },
    },
    chargeId,
    { type: 'ConfirmCharge', via, provider: 'api-pix', endToEndId: pix.endToEndId },
  );
  let position = result.position;
  const refundedBefore = state.devolucao?.ids ?? [];
  let devolucoes = 0;
  // What the PSP gave back of this Pix (its devoluções done), each recorded once.
  for (const devolucao of pix.devolucoes ?? []) {
    if (
      refundedBefore.includes(devolucao.id) ||
      devolucao.status !== 'DEVOLVIDO' ||
      !/^[a-zA-Z0-9]{1,35}$/.test(devolucao.id) ||
      !/^\d{1,10}\.\d{2}$/.test(devolucao.valor)
    )
      continue;
    const refunded = await commands.handle(pspContext(tenantId, pix.endToEndId), chargeId, {
      type: 'RecordRefund',
      devolucaoId: devolucao.id,
      endToEndId: pix.endToEndId,
      valorCentavos: centavosFromNumeric(devolucao.valor),
    });
    position = Math.max(position, refunded.position);
    devolucoes++;
  }
  const paidBefore = state.status === 'paga' || state.status === 'devolvida';
  return { outcome: 'paga', position, endToEndId: pix.endToEndId, novo: !paidBefore, devolucoes };
}
