import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import {
  type Charge,
  type ChargeListStatus,
  type ChargeOrigin,
  type ChargePaymentMethod,
  type ChargeStatus,
  LATE_CANCEL_FEE_LABEL,
  type Receivables,
} from '../../contracts/charges/api';
import type { PixProvider } from '../../contracts/charges/pix';
import { type StudentCharge, StudentCharges } from '../../contracts/charges/ports';
import { centavosFromNumeric, toReais } from '../../contracts/shared/money';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Charges } from '../../platform/database/database.types';
import { receitaIdOf } from '../domain/pix-settings.decider';

/** Today in the tenant's zone: a charge is late from the day after its due day. */
const todayOf = (now: Date): string => zonedParts(now, DEFAULT_TIME_ZONE).date;

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The only code that reads the charges' tables; every read is scoped by tenant (but a txid's). */
@Injectable()
export class ChargesRepository implements StudentCharges {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async list(
    tenantId: string,
    filter: { status?: ChargeListStatus; studentId?: string } = {},
    now = new Date(),
  ): Promise<Charge[]> {
    const today = todayOf(now);
    let query = this.db
      .selectFrom('charges')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(500);
    if (filter.studentId) query = query.where('studentId', '=', filter.studentId);
    if (filter.status === 'em_atraso')
      query = query.where('status', '=', 'pendente').where('vencimento', '<', today);
    else if (filter.status === 'pendente')
      query = query
        .where('status', '=', 'pendente')
        .where((eb) => eb.or([eb('vencimento', 'is', null), eb('vencimento', '>=', today)]));
    else if (filter.status) query = query.where('status', '=', filter.status);
    return (await query.execute()).map((row) => toCharge(row, today));
  }

  /** The student's pending charges, the late ones first, then by due day. */
  async pendingOf(tenantId: string, studentId: string, now = new Date()): Promise<StudentCharge[]> {
    const today = todayOf(now);
    const rows = await this.db
      .selectFrom('charges')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('studentId', '=', studentId)
      .where('status', '=', 'pendente')
      .orderBy('vencimento')
      .orderBy('createdAt')
      .limit(50)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      descricao: row.origem === 'taxa' ? LATE_CANCEL_FEE_LABEL : row.planNome,
      valorCentavos: centavosFromNumeric(row.valor),
      brCode: row.brCode,
      pagamento: row.pagamento as ChargePaymentMethod,
      vencimento: row.vencimento,
      diasEmAtraso: lateDays(row.vencimento, today),
    }));
  }

  async find(tenantId: string, id: string, now = new Date()): Promise<Charge | undefined> {
    const row = await this.db
      .selectFrom('charges')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toCharge(row, todayOf(now));
  }

  /** 'A receber': pending charges, those past their due day apart. */
  async receivables(tenantId: string, now = new Date()): Promise<Receivables> {
    const today = todayOf(now);
    const rows = await this.db
      .selectFrom('charges')
      .select((eb) => [
        sql<boolean>`coalesce(${eb.ref('vencimento')} < ${today}, false)`.as('atrasada'),
        eb.fn.countAll<string>().as('quantidade'),
        eb.fn.sum<string>('valor').as('total'),
      ])
      .where('tenantId', '=', tenantId)
      .where('status', '=', 'pendente')
      .groupBy('atrasada')
      .execute();
    const of = (late: boolean) => {
      const row = rows.find((candidate) => candidate.atrasada === late);
      return {
        quantidade: Number(row?.quantidade ?? 0),
        total: toReais(centavosFromNumeric(row?.total ?? '0')),
      };
    };
    return { pendente: of(false), emAtraso: of(true) };
  }

  /** Which tenant's charge a PIX txid is (written with the charge: no worker lag). */
  /** The charges of some txids, whoever's they are (a notification names no tenant), by txid. */
  async chargesOfTxids(
    txids: readonly string[],
  ): Promise<Map<string, { tenantId: string; chargeId: string }>> {
    if (txids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('chargeTxids')
      .select(['txid', 'tenantId', 'chargeId'])
      .where((eb) => eb('txid', '=', eb.fn.any(eb.val(txids))))
      .execute();
    return new Map(rows.map(({ txid, ...charge }) => [txid, charge]));
  }

  chargeOfTxid(txid: string): Promise<{ tenantId: string; chargeId: string } | undefined> {
    return this.db
      .selectFrom('chargeTxids')
      .select(['tenantId', 'chargeId'])
      .where('txid', '=', txid)
      .executeTakeFirst();
  }
}

/** The day after `vencimento` is the first day late. */
export const lateDays = (vencimento: string | null, today: string): number =>
  vencimento && vencimento < today ? daysBetween(vencimento, today) : 0;

function toCharge(row: Selectable<Charges>, today: string): Charge {
  const late = row.status === 'pendente' ? lateDays(row.vencimento, today) : 0;
  return {
    id: row.id,
    studentId: row.studentId,
    studentNome: row.studentNome,
    planId: row.planId,
    planNome: row.planNome,
    creditos: row.creditos,
    valor: toReais(centavosFromNumeric(row.valor)),
    txid: row.txid,
    brCode: row.brCode,
    status: late > 0 ? 'em_atraso' : (row.status as ChargeStatus),
    origem: row.origem as ChargeOrigin,
    provedor: row.provedor as PixProvider,
    pagamento: row.pagamento as ChargePaymentMethod,
    vencimento: row.vencimento,
    diasEmAtraso: late,
    telefone: row.telefone,
    sessionId: row.sessionId,
    motivo: row.motivo,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    transactionId: row.status === 'paga' || row.status === 'devolvida' ? receitaIdOf(row.id) : null,
    valorDevolvido: toReais(centavosFromNumeric(row.valorDevolvido)),
    creditosPendentes: row.creditosPendentes,
  };
}
