import { Inject, Injectable } from '@nestjs/common';
import {
  type SubscribeBody,
  type Subscription,
  SUBSCRIPTION_START_MAX_PAST_DAYS,
} from '../../contracts/charges/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { NotFoundError, ValidationError } from '../../platform/errors/domain-error';
import { type CommandContext, CommandRunner } from '../../platform/event-store/command-runner';
import { SubscriptionCommands } from '../commands/subscription.commands';
import {
  nextDueDate,
  subscriptionIdOf,
  subscriptionNotFound,
} from '../domain/subscription.decider';
import { cancelCycleCharge } from '../process-managers/subscription-cycles';
import { planToCharge, studentToCharge } from '../queries/charge-sources';
import { SubscriptionsRepository } from '../queries/subscriptions.repository';

/** Subscriptions to monthly plans: started (one active per student), listed, cancelled. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(SubscriptionCommands) private readonly commands: SubscriptionCommands,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(CommandRunner) private readonly runner: CommandRunner,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async subscribe(
    context: CommandContext,
    studentId: string,
    body: SubscribeBody,
  ): Promise<Subscription> {
    const { tenantId } = context;
    const [student, plan] = await Promise.all([
      studentToCharge(this.db, tenantId, studentId),
      planToCharge(this.db, tenantId, body.planId),
    ]);
    if (!student) throw new NotFoundError('Aluno');
    if (!plan) throw new NotFoundError('Plano');
    if (plan.cobranca?.tipo !== 'mensal')
      throw new ValidationError(
        "Plano deve ser de cobrança mensal (marque 'Cobrança mensal' no plano)",
        'planId',
      );
    const today = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    const inicio = body.inicio ?? today;
    if (inicio < addDays(today, -SUBSCRIPTION_START_MAX_PAST_DAYS) || inicio > addDays(today, 366))
      throw new ValidationError(
        `Início deve estar entre ${SUBSCRIPTION_START_MAX_PAST_DAYS} dias atrás e um ano à frente`,
        'inicio',
      );
    const id = subscriptionIdOf(studentId);
    await this.commands.handle(context, id, {
      type: 'Subscribe',
      subscription: {
        studentId,
        studentNome: student.nome,
        planId: body.planId,
        planNome: plan.nome,
        valorCentavos: plan.valorCentavos,
        diaVencimento: plan.cobranca.diaVencimento,
        inicio,
        cpf: body.cpf ?? null,
      },
    });
    return this.found(tenantId, id);
  }

  /**
   * From the next cycle on: the cycle due by today stays; a later one already issued (a few days
   * ahead of its due day) and still pending is cancelled with why.
   */
  async cancel(context: CommandContext, id: string): Promise<Subscription> {
    const before = await this.subscriptions.find(context.tenantId, id);
    if (!before) throw subscriptionNotFound();
    await this.commands.handle(context, id, { type: 'CancelSubscription' });
    const after = await this.found(context.tenantId, id);
    if (before.status === 'ativa' && before.proximoVencimento) {
      const from = after.ultimoVencimento
        ? nextDueDate(after.ultimoVencimento, after.diaVencimento)
        : before.proximoVencimento;
      // Issued ahead: the cycles from the first left out up to the next one still to issue.
      for (
        let due = from;
        due <= before.proximoVencimento;
        due = nextDueDate(due, after.diaVencimento)
      )
        await cancelCycleCharge({ commands: this.runner }, context.tenantId, id, due);
    }
    return after;
  }

  private async found(tenantId: string, id: string): Promise<Subscription> {
    const subscription = await this.subscriptions.find(tenantId, id);
    if (!subscription) throw subscriptionNotFound();
    return subscription;
  }
}
