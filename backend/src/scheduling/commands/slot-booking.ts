import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  type AvailabilityRow,
  BLOCKED_PERIOD,
  type BookedSlot,
  type OpenSlot,
  SCHEDULE_CONFLICT,
  SLOT_TAKEN,
  type SlotRules,
} from '../../contracts/scheduling/api';
import {
  SlotBooking,
  type SlotBookingActor,
  type SlotBookingRequest,
} from '../../contracts/scheduling/ports';
import { DEFAULT_TIME_ZONE } from '../../contracts/shared/time';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { ConflictError, DomainError } from '../../platform/errors/domain-error';
import { CommandRunner } from '../../platform/event-store/command-runner';
import { fold } from '../../platform/event-store/decider';
import {
  availabilityDecider,
  type AvailabilityEvent,
  availabilityStreamId,
} from '../domain/availability.decider';
import {
  findOpenSlot,
  type OpenSlotsInput,
  openSlots,
  slotRulesOf,
  slotWindow,
} from '../domain/open-slots';
import { scheduleGuard } from './schedule-guard';
import { SessionCommands } from './session.commands';

const TIME_ZONE = DEFAULT_TIME_ZONE;

const slotTaken = () => new ConflictError(SLOT_TAKEN.code, SLOT_TAKEN.message);

/** What the engine reads of a trainer's agenda, all from tables written with the commands (exact). */
type AgendaFacts = Pick<OpenSlotsInput, 'availability' | 'taken' | 'blocked'>;

/**
 * The trainer's availability (its stream, folded), sessions and vacations between `from` and `to`
 * (widened by the buffer): one statement, one round trip.
 */
async function agendaFacts(
  db: Kysely<Database>,
  tenantId: string,
  window: { from: Date; to: Date },
  bufferMinutes: number,
): Promise<AgendaFacts> {
  const range = sql`tstzrange(${window.from}::timestamptz - make_interval(mins => ${bufferMinutes}),
                              ${window.to}::timestamptz + make_interval(mins => ${bufferMinutes}))`;
  const { rows } = await sql<{
    availability: { type: string; data: unknown }[];
    taken: [string, string][];
    blocked: [string, string][];
  }>`
    select
      (select coalesce(json_agg(json_build_object('type', event_type, 'data', data) order by stream_version), '[]')
       from events
       where tenant_id = ${tenantId}::uuid and stream_id = ${availabilityStreamId(tenantId)}::uuid) as availability,
      (select coalesce(json_agg(json_build_array(inicio, fim)), '[]') from schedule_entries
       where tenant_id = ${tenantId}::uuid and status <> 'cancelada' and tstzrange(inicio, fim) && ${range}) as taken,
      (select coalesce(json_agg(json_build_array(starts_at, ends_at)), '[]') from vacation_blocks
       where tenant_id = ${tenantId}::uuid and tstzrange(starts_at, ends_at) && ${range}) as blocked`.execute(
    db,
  );
  const facts = rows[0];
  return {
    availability: fold(
      availabilityDecider,
      facts.availability as AvailabilityEvent[],
    ) as AvailabilityRow[],
    taken: facts.taken.map(([inicio, fim]) => ({ inicio: new Date(inicio), fim: new Date(fim) })),
    blocked: facts.blocked.map(([from, to]) => ({ from: new Date(from), to: new Date(to) })),
  };
}

/**
 * The SlotBooking port: the slot engine (domain/open-slots.ts) over the agenda as the commands
 * wrote it, and the booking of a slot as a session agendada at the location, re-checked by the
 * same engine under the trainer's schedule lock in the booking's own transaction.
 */
@Injectable()
export class EngineSlotBooking extends SlotBooking {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(SessionCommands) private readonly sessions: SessionCommands,
    @Inject(CommandRunner) private readonly runner: CommandRunner,
  ) {
    super();
  }

  async openSlots(
    tenantId: string,
    _locationId: string,
    from: string,
    rules?: Partial<SlotRules>,
  ): Promise<OpenSlot[]> {
    const now = new Date();
    const window = slotWindow({ from, now, timeZone: TIME_ZONE, rules });
    if (!window) return [];
    const facts = await agendaFacts(this.db, tenantId, window, slotRulesOf(rules).bufferMinutes);
    return openSlots({ from, now, timeZone: TIME_ZONE, rules, ...facts });
  }

  async bookSlot(actor: SlotBookingActor, request: SlotBookingRequest): Promise<BookedSlot> {
    const { rules } = request;
    const slotNow = async (db: Kysely<Database>, now: Date) => {
      const at = new Date(request.inicio);
      if (Number.isNaN(at.getTime())) return undefined;
      const day = {
        from: new Date(at.getTime() - 86_400_000),
        to: new Date(at.getTime() + 86_400_000),
      };
      const facts = await agendaFacts(db, actor.tenantId, day, slotRulesOf(rules).bufferMinutes);
      return findOpenSlot({ now, timeZone: TIME_ZONE, rules, ...facts }, request.inicio);
    };
    // A read first: a slot already gone is refused without taking the lock.
    const slot = await slotNow(this.db, new Date());
    if (!slot) throw slotTaken();
    try {
      const result = await this.sessions.handle(
        actor,
        uuidv7(),
        {
          type: 'BookSession',
          booking: {
            studentId: request.studentId,
            locationId: request.locationId,
            inicio: slot.inicio,
            fim: slot.fim,
            observacoes: request.observacoes ?? null,
            seriesId: null,
            allowOverlap: false,
            origin: request.origin,
            ...(request.nomeInformado && { nomeInformado: request.nomeInformado }),
          },
        },
        {
          // Under the lock the schedule guard takes again (re-entrant) in the same transaction:
          // every booking of this trainer commits before our read or waits for our commit.
          alsoInTransaction: async (trx) => {
            await scheduleGuard.lock(trx, actor.tenantId);
            const still = await slotNow(trx, new Date());
            if (!still || still.fim !== slot.fim) throw slotTaken();
            if (request.withBooking) await this.runner.within(trx, request.withBooking);
          },
        },
      );
      return { id: result.id, inicio: slot.inicio, fim: slot.fim, position: result.position };
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.code === SCHEDULE_CONFLICT || error.code === BLOCKED_PERIOD.code)
      )
        throw slotTaken();
      throw error;
    }
  }
}
