import type { Kysely } from 'kysely';
import { CHARGE_STREAM_TYPE, type ChargeCreatedData } from '../../contracts/charges/events';
import { centavosFromNumeric } from '../../contracts/shared/money';
import type { Database } from '../../platform/database/database';
import type { CommandRunner } from '../../platform/event-store/command-runner';
import { readStream } from '../../platform/event-store/event-store';
import { chargeEntity, currentPixSettings } from '../commands/charge.commands';
import { chargeDecider } from '../domain/charge.decider';
import type { PspConnections } from './psp-connections';

/** What the PSP said of a charge. */
export type PspVerdict =
  | { outcome: 'paga'; position: number; endToEndId: string }
  | { outcome: 'pendente' | 'removida' | 'nao_confirmada' | 'sem_psp' };

/**
 * Asks the trainer's PSP whether a charge is paid (GET /cob/{txid}, or /cobv/{txid} for one with a
 * due date) and, when the PSP holds it
 * CONCLUIDA with a Pix of at least its value (the notified one, when a notification is being
 * confirmed), records it paid, keyed by the Pix's endToEndId: a notification retried, one lost and
 * found by the worker, and 'Marcar como pago' give one ChargePaid, hence one receita and one grant
 * (the settlement is keyed by that event). A notification is never trusted alone.
 */
export async function confirmWithPsp(
  deps: { db: Kysely<Database>; runner: CommandRunner; connections: PspConnections },
  charge: { tenantId: string; chargeId: string; txid: string },
  via: 'webhook' | 'conciliacao',
  notifiedEndToEndId?: string,
): Promise<PspVerdict> {
  const { tenantId, chargeId, txid } = charge;
  const created = (await readStream(deps.db, tenantId, chargeId)).find(
    (stored) => stored.streamType === CHARGE_STREAM_TYPE && stored.eventType === 'ChargeCreated',
  );
  if (!created) return { outcome: 'nao_confirmada' };
  const data = created.data as ChargeCreatedData;
  const client = await deps.connections.clientOfSettings(
    tenantId,
    await currentPixSettings(deps.db, tenantId),
  );
  if (!client || data.provedor !== 'api-pix') return { outcome: 'sem_psp' };
  const cob = data.tipoCob === 'cobv' ? await client.getCobv(txid) : await client.getCob(txid);
  if (cob.txid !== txid) return { outcome: 'nao_confirmada' };
  if (cob.status === 'ATIVA') return { outcome: 'pendente' };
  if (cob.status !== 'CONCLUIDA') return { outcome: 'removida' };
  const pix = (cob.pix ?? []).find(
    (candidate) =>
      (!notifiedEndToEndId || candidate.endToEndId === notifiedEndToEndId) &&
      /^\d{1,10}\.\d{2}$/.test(candidate.valor) &&
      centavosFromNumeric(candidate.valor) >= data.valorCentavos,
  );
  if (!pix) return { outcome: 'nao_confirmada' };
  const result = await deps.runner.run({
    decider: chargeDecider,
    inline: chargeEntity,
    streamId: chargeId,
    command: { type: 'ConfirmCharge', via, provider: 'api-pix', endToEndId: pix.endToEndId },
    context: {
      tenantId,
      actorId: 'psp:api-pix',
      actorRole: 'system',
      correlationId: pix.endToEndId,
      idempotency: { key: `pix-e2e:${pix.endToEndId}`, fingerprint: chargeId },
    },
  });
  return { outcome: 'paga', position: result.position, endToEndId: pix.endToEndId };
}
