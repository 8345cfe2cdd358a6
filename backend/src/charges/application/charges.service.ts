import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { ChargeAnswer, CreateChargeBody } from '../../contracts/charges/api';
import type { ChargePaidData } from '../../contracts/charges/events';
import { buildBrCode, type PixSettings } from '../../contracts/charges/pix';
import { numericFromCentavos, toReais } from '../../contracts/shared/money';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { DomainError, NotFoundError, ValidationError } from '../../platform/errors/domain-error';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { loadState } from '../../platform/event-store/load-state';
import { ChargeCommands, PixSettingsCommands } from '../commands/charge.commands';
import { chargeDecider, chargeNotFound } from '../domain/charge.decider';
import { receitaIdOf } from '../domain/pix-settings.decider';
import { ChargeSettler } from '../process-managers/charge-settlement';
import { billingOf, planToCharge, studentToCharge } from '../queries/charge-sources';
import { ApiPixError } from '../psp/api-pix-client';
import { PspConnections } from '../psp/psp-connections';

export const pixNotConfigured = () =>
  new DomainError(
    'pix_not_configured',
    'Configure sua chave PIX em Ajustes › Recebimento por PIX para gerar cobranças',
    422,
  );

export const pspUnavailable = (error: unknown) =>
  new DomainError(
    'psp_unavailable',
    `O PSP não criou a cobrança: ${error instanceof ApiPixError ? error.message : 'falha de comunicação'}. Tente de novo ou use o PIX manual em Ajustes › Recebimento por PIX`,
    502,
  );

/**
 * Letters and digits, unique across tenants (a notification finds its charge): 25 for the static
 * BR Code (its tag 62 holds 25), 32 through the PSP (the API Pix's cob txid is [a-zA-Z0-9]{26,35}).
 */
const newTxid = (length: 25 | 32): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

/** How long the PSP keeps an immediate charge payable: a week, so a reminder can still be paid. */
const COB_EXPIRY_SECONDS = 7 * 86_400;

/** Charges: created with their BR Code (static, or the PSP's dynamic one), paid once, cancelled. */
@Injectable()
export class ChargesService {
  constructor(
    @Inject(ChargeCommands) private readonly commands: ChargeCommands,
    @Inject(PixSettingsCommands) private readonly pix: PixSettingsCommands,
    @Inject(ChargeSettler) private readonly settler: ChargeSettler,
    @Inject(PspConnections) private readonly psp: PspConnections,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async create(context: CommandContext, body: CreateChargeBody): Promise<ChargeAnswer> {
    const { tenantId } = context;
    const [settings, student, plan] = await Promise.all([
      this.pix.current(tenantId),
      studentToCharge(this.db, tenantId, body.studentId),
      planToCharge(this.db, tenantId, body.planId),
    ]);
    if (!student) throw new NotFoundError('Aluno');
    if (!plan) throw new NotFoundError('Plano');
    if (!settings) throw pixNotConfigured();
    const today = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    // A charge for what was due already (last month's classes) is late from the start.
    if (
      body.vencimento &&
      (body.vencimento < addDays(today, -366) || body.vencimento > addDays(today, 366))
    )
      throw new ValidationError('Vencimento deve estar a menos de um ano de hoje', 'vencimento');
    const id = uuidv7();
    const throughPsp = settings.provedor === 'api-pix';
    const txid = newTxid(throughPsp ? 32 : 25);
    const brCode = throughPsp
      ? await this.cobAtPsp(tenantId, settings, txid, {
          valorCentavos: plan.valorCentavos,
          descricao: plan.nome,
        })
      : buildBrCode({
          chave: settings.chave,
          nomeRecebedor: settings.nomeRecebedor,
          cidade: settings.cidade,
          valorCentavos: plan.valorCentavos,
          txid,
        });
    const result = await this.commands.handle(context, id, {
      type: 'CreateCharge',
      charge: {
        ...billingOf(body.studentId, student, body.planId, plan),
        txid,
        brCode,
        origem: 'avulsa',
        provedor: throughPsp ? 'api-pix' : 'manual',
        vencimento: body.vencimento ?? today,
      },
    });
    return {
      id,
      valor: toReais(plan.valorCentavos),
      txid,
      brCode,
      status: 'pendente',
      transactionId: null,
      position: result.position,
    };
  }

  /** Paid: the receita and the credits are settled at once (once, whoever confirms first). */
  async confirm(
    context: CommandContext,
    chargeId: string,
    paid: ChargePaidData,
  ): Promise<ChargeAnswer> {
    const result = await this.commands.handle(context, chargeId, {
      type: 'ConfirmCharge',
      ...paid,
    });
    const settled = await this.settler.settle(context.tenantId, result.id);
    return this.answer(
      context.tenantId,
      result.id,
      Math.max(result.position, settled?.position ?? 0),
    );
  }

  /**
   * After a refund, the trainer's answer: the refunded part's credits removed (as far as the
   * balance goes) or kept; once per refund, settled at once.
   */
  async decideRefundCredits(
    context: CommandContext,
    chargeId: string,
    remover: boolean,
  ): Promise<ChargeAnswer> {
    const result = await this.commands.handle(context, chargeId, {
      type: 'DecideRefundCredits',
      remover,
    });
    const settled = await this.settler.settle(context.tenantId, result.id);
    return this.answer(
      context.tenantId,
      result.id,
      Math.max(result.position, settled?.position ?? 0),
    );
  }

  async cancel(context: CommandContext, chargeId: string, motivo?: string): Promise<ChargeAnswer> {
    const result = await this.commands.handle(context, chargeId, {
      type: 'CancelCharge',
      ...(motivo ? { motivo } : {}),
    });
    return this.answer(context.tenantId, result.id, result.position);
  }

  /**
   * Whether a PSP's signed notification (POST /api/webhooks/pix/:provider, which names no tenant)
   * may settle this charge: only one made by hand, with the static BR Code, of a trainer who does
   * not charge through the API Pix. An API Pix charge is paid only once its own PSP says so.
   */
  async settlesBySignedNotification(tenantId: string, chargeId: string): Promise<boolean> {
    const [{ state }, settings] = await Promise.all([
      loadState(this.db, tenantId, chargeId, chargeDecider),
      this.pix.current(tenantId),
    ]);
    return (
      state.status !== 'absent' &&
      (state.charge.provedor ?? 'manual') === 'manual' &&
      settings?.provedor !== 'api-pix'
    );
  }

  /** A charge's answer from its stream, as it stands after a command. */
  async answer(tenantId: string, id: string, position: number): Promise<ChargeAnswer> {
    const { state } = await loadState(this.db, tenantId, id, chargeDecider);
    if (state.status === 'absent') throw chargeNotFound();
    return {
      id,
      valor: toReais(state.charge.valorCentavos),
      txid: state.charge.txid,
      brCode: state.charge.brCode,
      status: state.status,
      transactionId:
        state.status === 'paga' || state.status === 'devolvida' ? receitaIdOf(id) : null,
      position,
    };
  }

  /**
   * PUT /cob/{txid} at the trainer's PSP: the amount, the key, the payer's CPF and name when
   * known, a week to pay; answers the PSP's dynamic 'Pix Copia e Cola'. Nothing is written when the
   * PSP refuses (502 in pt-BR).
   */
  private async cobAtPsp(
    tenantId: string,
    settings: PixSettings,
    txid: string,
    cob: { valorCentavos: number; devedor?: { cpf: string; nome: string }; descricao: string },
  ): Promise<string> {
    try {
      const client = await this.psp.clientOf(tenantId, settings.apiPix);
      const created = await client.putCob(txid, {
        calendario: { expiracao: COB_EXPIRY_SECONDS },
        ...(cob.devedor ? { devedor: cob.devedor } : {}),
        valor: { original: numericFromCentavos(cob.valorCentavos) },
        chave: settings.chave,
        solicitacaoPagador: cob.descricao.slice(0, 140),
      });
      if (!created.pixCopiaECola)
        throw new ApiPixError('recusado', 'o PSP não devolveu o Pix Copia e Cola');
      return created.pixCopiaECola;
    } catch (error) {
      if (error instanceof ApiPixError) throw pspUnavailable(error);
      throw error;
    }
  }
}
