import { Inject, Injectable } from '@nestjs/common';
import {
  ChargeReceitas,
  type ChargeRefundSettlement,
  type ChargeSettlement,
  planPaymentReason,
  type SettlementContext,
} from '../../contracts/charges/ports';
import { DEFAULT_ALLOCATION_RULE, TRANSACTION_ALREADY_VOIDED } from '../../contracts/finance/api';
import { DomainError } from '../../platform/errors/domain-error';
import { FinanceSettingsCommands } from './finance-settings.commands';
import { TransactionCommands } from './transaction.commands';

/** One cause, two commands: each its own idempotency key. */
const keyed = (idempotency: { key: string; fingerprint: string }, step: string) => ({
  key: `${idempotency.key}:${step}`,
  fingerprint: `${idempotency.fingerprint}:${step}`,
});

/**
 * The receita of a paid charge (the charges context's port): PIX, the student's, referring to the
 * charge, split by the trainer's allocation rule, on the stream id the charge names. A second
 * recording of the same charge finds the stream taken and changes nothing.
 */
@Injectable()
export class ChargeReceitasRecorder extends ChargeReceitas {
  constructor(
    @Inject(TransactionCommands) private readonly transactions: TransactionCommands,
    @Inject(FinanceSettingsCommands) private readonly settings: FinanceSettingsCommands,
  ) {
    super();
  }

  record(context: SettlementContext, settlement: ChargeSettlement): Promise<number> {
    return this.recordReceita(context, settlement.transactionId, {
      valorCentavos: settlement.valorCentavos,
      data: settlement.data,
      descricao: settlement.descricao ?? planPaymentReason(settlement.planNome),
      studentId: settlement.studentId,
      chargeId: settlement.chargeId,
    });
  }

  /**
   * A refund: the receita standing is voided (out of every total, as a void is) and the part kept,
   * if any, is a new receita of the same day split by the rule; each step a no-op when done before.
   */
  async refund(context: SettlementContext, refund: ChargeRefundSettlement): Promise<number> {
    let position = 0;
    try {
      position = (
        await this.transactions.handle(
          { ...context, ...(context.idempotency ? { idempotency: keyed(context.idempotency, 'void') } : {}) },
          refund.voidTransactionId,
          { type: 'VoidTransaction' },
        )
      ).position;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === TRANSACTION_ALREADY_VOIDED.code))
        throw error;
    }
    if (!refund.kept) return position;
    const { transactionId, ...kept } = refund.kept;
    return Math.max(
      position,
      await this.recordReceita(
        { ...context, ...(context.idempotency ? { idempotency: keyed(context.idempotency, 'kept') } : {}) },
        transactionId,
        { ...kept, studentId: refund.studentId, chargeId: refund.chargeId },
      ),
    );
  }

  private async recordReceita(
    context: SettlementContext,
    transactionId: string,
    receita: {
      valorCentavos: number;
      data: string;
      descricao: string;
      studentId: string;
      chargeId: string;
    },
  ): Promise<number> {
    const rule = (await this.settings.current(context.tenantId))?.alocacao;
    try {
      const result = await this.transactions.handle(context, transactionId, {
        type: 'RecordTransaction',
        input: {
          tipo: 'receita',
          valorCentavos: receita.valorCentavos,
          data: receita.data,
          descricao: receita.descricao,
          metodoPagamento: 'pix',
          studentId: receita.studentId,
          referenciaId: receita.chargeId,
          referenciaTipo: 'cobranca',
        },
        rule: rule ?? DEFAULT_ALLOCATION_RULE,
      });
      return result.position;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'transaction_exists')) throw error;
      return 0;
    }
  }
}
