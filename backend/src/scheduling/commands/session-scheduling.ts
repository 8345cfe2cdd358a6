import { Inject, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { LocationPolicies } from '../../contracts/locations/ports';
import { type BookSessionInput, isOutsideAvailability, type RefusedOccurrence, type SeriesBooked, type SessionCommandAnswer, type UpdateSessionInput, weeklyOccurrences } from '../../contracts/scheduling/api';
import type { SessionView } from '../../contracts/scheduling/events';
import { SessionCredits } from '../../contracts/students/ports';
import { DEFAULT_TIME_ZONE } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { DomainError, ValidationError } from '../../platform/errors/domain-error';
import type { CommandContext, CommandResult } from '../../platform/event-store/command-runner';
import { loadState } from '../../platform/event-store/load-state';
import {
  type PolicyAt,
  type SessionChanges,
  sessionDecider,
  sessionNotFound,
  timesAfter,
} from '../domain/session.decider';
import { AvailabilityCommands } from './availability.commands';
import { SessionCommands } from './session.commands';

const TIME_ZONE = DEFAULT_TIME_ZONE;

/**
 * The `index`-th command of one request: a request that sends several (a series, 'Esta e as
 * próximas') gives each its own idempotency key, derived from the request's.
 */
function part(context: CommandContext, index: number): CommandContext {
  if (!context.idempotency || index === 0) return context;
  return {
    ...context,
    idempotency: { ...context.idempotency, key: `${context.idempotency.key}#${index}` },
  };
}

const refusal = (error: DomainError) => ({ code: error.code, message: error.message });

/**
 * The agenda's use cases over the session commands: a booking (one, or a weekly series, each
 * occurrence checked by the guard on its own), a change or a removal of one session or of the
 * later occurrences of its series, each with the credits it moves settled at once and the
 * warnings the trainer sees.
 */
@Injectable()
export class SessionScheduling {
  private readonly logger = new Logger(SessionScheduling.name);

  constructor(
    @Inject(SessionCommands) private readonly sessions: SessionCommands,
    @Inject(AvailabilityCommands) private readonly availability: AvailabilityCommands,
    @Inject(LocationPolicies) private readonly policies: LocationPolicies,
    @Inject(SessionCredits) private readonly credits: SessionCredits,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async book(
    context: CommandContext,
    input: BookSessionInput,
  ): Promise<SessionCommandAnswer | SeriesBooked> {
    const booking = {
      studentId: input.studentId,
      locationId: input.locationId ?? null,
      observacoes: input.observacoes ?? null,
      allowOverlap: input.allowOverlap ?? false,
      origin: 'personal' as const,
    };
    // Read beside the command: it only decides a warning.
    const availability = this.outsideAvailability(context.tenantId);
    if (!input.repeat) {
      const result = await this.sessions.handle(context, uuidv7(), {
        type: 'BookSession',
        booking: { ...booking, inicio: input.inicio, fim: input.fim, seriesId: null },
      });
      return (await availability)(input) ? { ...result, warning: 'outside_availability' } : result;
    }
    const outside = await availability;

    const occurrences = weeklyOccurrences(input, input.repeat, TIME_ZONE);
    if (typeof occurrences === 'string') throw new ValidationError(occurrences, 'repeat');
    const seriesId = uuidv7();
    const answer: SeriesBooked = { created: [], refused: [], position: 0 };
    for (const [index, occurrence] of occurrences.entries()) {
      try {
        const result = await this.sessions.handle(part(context, index), uuidv7(), {
          type: 'BookSession',
          booking: { ...booking, ...occurrence, seriesId },
        });
        answer.created.push({ id: result.id, inicio: occurrence.inicio });
        answer.position = Math.max(answer.position, result.position);
        if (outside(occurrence)) answer.warning = 'outside_availability';
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // An unknown student or location refuses the whole series, before anything is written.
        if (index === 0 && error.statusCode !== 409) throw error;
        answer.refused.push({ inicio: occurrence.inicio, ...refusal(error) });
      }
    }
    return answer;
  }

  async change(
    context: CommandContext,
    id: string,
    { scope, ...changes }: UpdateSessionInput,
  ): Promise<SessionCommandAnswer> {
    const session = await this.sessionNow(context.tenantId, id);
    // Before the change: it moves this occurrence among the others.
    const following =
      scope === 'following' ? await this.followingOf(context.tenantId, id, session) : [];
    const first = await this.changeOne(context, id, session, changes);
    if (scope !== 'following') return first;

    const { inicio, fim } = timesAfter(session, changes);
    const later: SessionChanges = {
      ...changes,
      inicio: undefined,
      fim: undefined,
      shift: {
        inicio: Date.parse(inicio) - Date.parse(session.inicio),
        fim: Date.parse(fim) - Date.parse(session.fim),
      },
    };
    const answer = { ...first, refused: [] as (RefusedOccurrence & { id: string })[] };
    for (const [index, other] of following.entries()) {
      try {
        const view = await this.sessionNow(context.tenantId, other.id);
        const result = await this.changeOne(part(context, index + 1), other.id, view, later);
        answer.position = Math.max(answer.position, result.position);
        answer.warning = answer.warning ?? result.warning;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        answer.refused.push({ id: other.id, inicio: other.inicio, ...refusal(error) });
      }
    }
    return answer;
  }

  async remove(
    context: CommandContext,
    id: string,
    scope: 'one' | 'following' | undefined,
  ): Promise<CommandResult> {
    const session = await this.sessionNow(context.tenantId, id);
    const following =
      scope === 'following' ? await this.followingOf(context.tenantId, id, session) : [];
    const answer = await this.removeOne(context, id);
    for (const [index, other] of following.entries()) {
      try {
        const result = await this.removeOne(part(context, index + 1), other.id);
        answer.position = Math.max(answer.position, result.position);
      } catch (error) {
        // Removed meanwhile by someone else: what was asked holds.
        if (!(error instanceof DomainError && error.statusCode === 404)) throw error;
      }
    }
    return answer;
  }

  /**
   * A student cancels their own agendada session: the trainer's change to 'cancelada', with the
   * location policy's late-cancellation rule. Another student's session is not found.
   */
  async cancelAsStudent(
    context: CommandContext,
    studentId: string,
    id: string,
  ): Promise<{ id: string; position: number; creditoQueimado: boolean }> {
    const session = await this.sessionNow(context.tenantId, id);
    if (session.studentId !== studentId) throw sessionNotFound();
    // The decider refuses a session no longer agendada, on the stream as it is when appended.
    const result = await this.sessions.handle(context, id, {
      type: 'CancelAsStudent',
      studentId,
      cancellation: await this.policyAt(context.tenantId, session.locationId),
    });
    await this.settleCredits(context.tenantId, id, result.position);
    const after = await this.sessionNow(context.tenantId, id);
    // The credit the cancellation burned was written after it (settled above): the answer's
    // position covers it, so a read with X-Min-Position shows the new balance.
    const last = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('globalPosition').as('position'))
      .where('tenantId', '=', context.tenantId)
      .executeTakeFirst();
    return {
      id: result.id,
      position: Math.max(result.position, Number(last?.position ?? 0)),
      creditoQueimado: after.lateCancellation?.burnsCredit === true,
    };
  }

  private async changeOne(
    context: CommandContext,
    id: string,
    session: SessionView,
    changes: SessionChanges,
  ): Promise<SessionCommandAnswer> {
    const cancellation =
      changes.status === 'cancelada'
        ? await this.policyAt(
            context.tenantId,
            changes.locationId !== undefined ? changes.locationId : session.locationId,
          )
        : null;
    const times = timesAfter(session, changes);
    const moved = times.inicio !== session.inicio || times.fim !== session.fim;
    const availability = moved ? this.outsideAvailability(context.tenantId) : undefined;
    const result = await this.sessions.handle(context, id, {
      type: 'ChangeSession',
      changes,
      cancellation,
    });
    if (changes.status !== undefined || changes.studentId !== undefined) {
      const { noCredits } = await this.settleCredits(context.tenantId, id, result.position);
      if (noCredits) return { ...result, warning: 'no_credits' };
    }
    if (availability && (await availability)(times))
      return { ...result, warning: 'outside_availability' };
    return result;
  }

  private async removeOne(context: CommandContext, id: string): Promise<CommandResult> {
    const result = await this.sessions.handle(context, id, { type: 'DeleteSession' });
    await this.settleCredits(context.tenantId, id, result.position);
    return result;
  }

  /**
   * The credits the change moved, now, so the answer can say the student had none. The change is
   * committed either way: should this fail, the worker's process manager does the same later.
   */
  private settleCredits(
    tenantId: string,
    sessionId: string,
    position: number,
  ): Promise<{ noCredits: boolean }> {
    return this.credits.settle(tenantId, sessionId, position).catch((error: unknown) => {
      this.logger.warn(`créditos da sessão ${sessionId} ficam para o worker: ${String(error)}`);
      return { noCredits: false };
    });
  }

  /**
   * Whether times are outside the trainer's availability, read now. Started beside a command: when
   * the command fails first nobody awaits it, so its own failure is marked handled here.
   */
  private outsideAvailability(tenantId: string) {
    const outside = this.availability.current(tenantId).then(
      (rows) =>
        ({ inicio, fim }: { inicio: string; fim: string }) =>
          isOutsideAvailability(rows, inicio, fim, TIME_ZONE),
    );
    outside.catch(() => undefined);
    return outside;
  }

  private async policyAt(tenantId: string, locationId: string | null): Promise<PolicyAt | null> {
    if (!locationId) return null;
    const policy = await this.policies.policyOf(tenantId, locationId);
    return policy ? { locationId, policy } : null;
  }

  /** The session as its stream tells it now; 404 when there is none (or the id is another kind's). */
  private async sessionNow(tenantId: string, id: string): Promise<SessionView> {
    const { state: session } = await loadState(this.db, tenantId, id, sessionDecider);
    if (!session || session.deleted) throw sessionNotFound();
    return session;
  }

  /** The later occurrences of the session's series, in order (schedule_entries: exact, inline). */
  private async followingOf(
    tenantId: string,
    id: string,
    session: SessionView,
  ): Promise<{ id: string; inicio: string }[]> {
    if (!session.seriesId) return [];
    const rows = await this.db
      .selectFrom('scheduleEntries')
      .select(['sessionId', 'inicio'])
      .where('tenantId', '=', tenantId)
      .where('seriesId', '=', session.seriesId)
      .where('inicio', '>', new Date(session.inicio))
      .where('sessionId', '<>', id)
      .orderBy('inicio')
      .execute();
    return rows.map((row) => ({ id: row.sessionId, inicio: row.inicio.toISOString() }));
  }
}
