import { Inject, Injectable } from '@nestjs/common';
import { ChargeReceitas, type ChargeSettlement, planPaymentReason, type SettlementContext } from '../../contracts/charges/ports';
import { DEFAULT_ALLOCATION_RULE } from '../../contracts/finance/api';
import { DomainError } from '../../platform/errors/domain-error';
import { FinanceSettingsCommands } from './finance-settings.commands';
import { TransactionCommands } from './transaction.commands';

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

  async record(context: SettlementContext, settlement: ChargeSettlement): Promise<number> {
    const rule = (await this.settings.current(context.tenantId))?.alocacao;
    try {
      const result = await this.transactions.handle(context, settlement.transactionId, {
        type: 'RecordTransaction',
        input: {
          tipo: 'receita',
          valorCentavos: settlement.valorCentavos,
          data: settlement.data,
          descricao: settlement.descricao ?? planPaymentReason(settlement.planNome),
          metodoPagamento: 'pix',
          studentId: settlement.studentId,
          referenciaId: settlement.chargeId,
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
