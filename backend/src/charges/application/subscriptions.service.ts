import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type RecurrenceRequestBody,
  type SubscribeBody,
  type Subscription,
  SUBSCRIPTION_START_MAX_PAST_DAYS,
} from '../../contracts/charges/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/domain-error';
import { type CommandContext, CommandRunner } from '../../platform/event-store/command-runner';
import { eventTypesOf } from '../../platform/event-store/event';
import { readStream } from '../../platform/event-store/event-store';
import { loadState } from '../../platform/event-store/load-state';
import { eventsOfTypes } from '../../platform/projections/projection';
import { subscriptionEvents, type SubscriptionEvent } from '../../contracts/charges/events';
import { currentPixSettings } from '../commands/charge.commands';
import { SubscriptionCommands } from '../commands/subscription.commands';
import {
  firstDueDate,
  recurrenceNotWaiting,
  type SubscriptionCommand,
  subscriptionDecider,
  subscriptionIdOf,
  subscriptionNotFound,
  type SubscriptionState,
} from '../domain/subscription.decider';
import { nextSubscriptionRow, type SubscriptionRow } from '../projections/subscriptions.projection';
import { pspFailureReason } from '../psp/api-pix-client';
import { PspConnections } from '../psp/psp-connections';
import {
  cancelRecurrence,
  offersPixAutomatico,
  type PixAutomaticoDeps,
  prepareRecurrence,
  recurrenceRequestExists,
  requestRecurrenceAuthorisation,
} from './pix-automatico';
import { billingOf, planToCharge, studentToCharge } from '../queries/charge-sources';
import { SubscriptionsRepository } from '../queries/subscriptions.repository';

const SUBSCRIPTION_EVENT_TYPES = eventTypesOf(subscriptionEvents);

/**
 * Subscriptions to monthly plans: started (one active per student), cancelled, a cycle its PSP
 * refused asked again. Each answers the subscription as its events make it (the row the worker's
 * projection will hold), without waiting for the worker. With a PSP
 * that offers Pix Automático and the student's CPF, subscribing also makes the recurrence there
 * (Jornada 3: its QR pays the first cycle and authorises the next); cancelling cancels it there.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    @Inject(SubscriptionCommands) private readonly commands: SubscriptionCommands,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(CommandRunner) private readonly runner: CommandRunner,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(PspConnections) private readonly connections: PspConnections,
  ) {}

  private get pixAutomatico(): PixAutomaticoDeps {
    return { db: this.db, runner: this.runner, connections: this.connections };
  }

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
    if (!student.ativo)
      throw new ConflictError(
        'student_inactive',
        'Este aluno está inativo: reative-o antes de assinar um plano mensal',
      );
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
    const { id, status } = await this.subscriptionToStart(tenantId, studentId);
    const settings = await currentPixSettings(this.db, tenantId);
    let recurrence: Awaited<ReturnType<typeof prepareRecurrence>> | { falha: string } | undefined;
    // Before the subscription exists, so no worker issues its first cycle meanwhile; an active one
    // is refused by the command below without asking the PSP anything.
    if (offersPixAutomatico(settings) && body.cpf && status === 'absent')
      recurrence = await prepareRecurrence(this.pixAutomatico, {
        context,
        subscriptionId: id,
        settings: settings!,
        billing: billingOf(studentId, student, body.planId, plan),
        diaVencimento: plan.cobranca.diaVencimento,
        firstDue: firstDueDate(inicio, plan.cobranca.diaVencimento),
        cpf: body.cpf,
        now: new Date(),
      }).catch((error: unknown) => {
        // The PSP failing leaves the cycles to be charged as without Pix Automático, and the
        // subscription says so: the trainer who gave the CPF for it must know it is not there.
        this.logger.warn(`Pix Automático não criado no PSP: ${String(error)}`);
        return { falha: pspFailureReason(error) };
      });
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
    if (recurrence && 'falha' in recurrence)
      await this.commands.handle(context, id, {
        type: 'RecordRecurrenceFailure',
        motivo: recurrence.falha,
      });
    else if (recurrence)
      await this.commands.handle(context, id, { type: 'RequestRecurrence', ...recurrence });
    return this.found(tenantId, id);
  }

  /**
   * The stream a subscription of the student starts on: their latest one while it is active (the
   * command refuses a second), otherwise the next, a new id. Two requests at once aim at the same
   * new stream, where only one can start it.
   */
  private async subscriptionToStart(
    tenantId: string,
    studentId: string,
  ): Promise<{ id: string; status: SubscriptionState['status'] }> {
    for (let nth = 1; ; nth++) {
      const id = subscriptionIdOf(studentId, nth);
      const { state } = await loadState(this.db, tenantId, id, subscriptionDecider);
      if (state.status !== 'cancelada') return { id, status: state.status };
    }
  }

  /** Jornada 1: asks the student's bank to authorise the waiting Pix Automático (see pix-automatico). */
  async requestAuthorisation(
    context: CommandContext,
    id: string,
    conta: RecurrenceRequestBody,
  ): Promise<Subscription> {
    const subscription = await this.found(context.tenantId, id);
    const pix = subscription.pixAutomatico;
    const { state } = await loadState(this.db, context.tenantId, id, subscriptionDecider);
    const idRec = state.status === 'absent' ? undefined : state.recorrencia?.idRec;
    if (subscription.status !== 'ativa' || pix?.status !== 'aguardando' || !idRec)
      throw recurrenceNotWaiting();
    if (pix.pedidoAoBanco) throw recurrenceRequestExists();
    const request = await requestRecurrenceAuthorisation(this.pixAutomatico, {
      context,
      subscriptionId: id,
      idRec,
      conta,
      now: new Date(),
    });
    await this.commands.handle(context, id, {
      type: 'RequestRecurrenceAuthorisation',
      idRec,
      ...request,
    });
    return this.found(context.tenantId, id);
  }

  /**
   * From the next cycle on: the cycle due by today stays; a later one issued ahead is left out (see
   * `change`), and the Pix Automático recurrence is cancelled at the PSP.
   */
  async cancel(context: CommandContext, id: string): Promise<Subscription> {
    await this.commands.handle(context, id, { type: 'CancelSubscription' });
    const { state } = await loadState(this.db, context.tenantId, id, subscriptionDecider);
    const recorrencia = state.status === 'absent' ? undefined : state.recorrencia;
    if (recorrencia && (recorrencia.status === 'aguardando' || recorrencia.status === 'autorizada'))
      await cancelRecurrence(this.pixAutomatico, {
        tenantId: context.tenantId,
        subscriptionId: id,
        idRec: recorrencia.idRec,
      });
    return this.found(context.tenantId, id);
  }

  /**
   * A trainer's command on the subscription ('Pausar', 'Retomar', 'Tentar de novo'...), answered
   * as its events make it. The cycles a change of billing leaves out are the cycles' process
   * manager's to cancel (SubscriptionCycleLeftOut), here and at the PSP.
   */
  async change(
    context: CommandContext,
    id: string,
    command: SubscriptionCommand,
  ): Promise<Subscription> {
    await this.commands.handle(context, id, command);
    return this.found(context.tenantId, id);
  }

  /** The subscription as its events make it: what the projection holds once it has them. */
  private async found(tenantId: string, id: string): Promise<Subscription> {
    const events = eventsOfTypes<SubscriptionEvent>(
      await readStream(this.db, tenantId, id),
      SUBSCRIPTION_EVENT_TYPES,
    );
    const row = events.reduce<SubscriptionRow | undefined>(nextSubscriptionRow, undefined);
    if (!row) throw subscriptionNotFound();
    return (await this.subscriptions.answered([row]))[0];
  }
}
