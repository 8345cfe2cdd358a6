import { Inject, Injectable } from '@nestjs/common';
import { ChargeCredits, type ChargeSettlement, planPaymentReason, type SettlementContext } from '../../contracts/charges/ports';
import { DomainError } from '../../platform/errors/domain-error';
import { StudentCommands } from './student.commands';

/**
 * The plan's credits of a paid charge (the charges context's port), 'Pagamento do plano {nome}',
 * beside the receita on the student's history. Sent once: the caller keys it by the charge's
 * payment. A student removed since then gets nothing (an outcome, not a failure).
 */
@Injectable()
export class ChargeCreditGrants extends ChargeCredits {
  constructor(@Inject(StudentCommands) private readonly students: StudentCommands) {
    super();
  }

  async grant(context: SettlementContext, settlement: ChargeSettlement): Promise<number> {
    try {
      const result = await this.students.handle(context, settlement.studentId, {
        type: 'GrantCredits',
        amount: settlement.creditos,
        reason: planPaymentReason(settlement.planNome),
        transactionId: settlement.transactionId,
      });
      return result.position;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
      return 0;
    }
  }

  async remove(
    context: SettlementContext,
    removal: { studentId: string; creditos: number; reason: string },
  ): Promise<number> {
    try {
      const result = await this.students.handle(context, removal.studentId, {
        type: 'RemoveCredits',
        amount: removal.creditos,
        reason: removal.reason,
        upToBalance: true,
      });
      return result.position;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
      return 0;
    }
  }
}
