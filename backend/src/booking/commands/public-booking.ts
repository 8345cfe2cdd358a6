import { Inject, Injectable } from '@nestjs/common';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import {
  isSlug,
  LOCATION_NOT_OFFERED,
  NOT_TAKING_BOOKINGS,
  type PublicBookingAnswer,
  type PublicBookingInput,
  type PublicLinkSettings,
  type PublicSlots,
  type PublicTrainerPage,
  slotRulesOfLink,
  TOO_MANY_BOOKINGS,
  TRAINER_NOT_FOUND,
} from '../../contracts/booking/api';
import { PublicTrainers } from '../../contracts/identity/ports';
import type { Location } from '../../contracts/locations/api';
import { LocationDirectory } from '../../contracts/locations/ports';
import { SLOT_TAKEN } from '../../contracts/scheduling/api';
import { SlotBooking } from '../../contracts/scheduling/ports';
import { StudentsByPhone } from '../../contracts/students/ports';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { APP_CONFIG } from '../../config/config';
import { ConflictError, DomainError, ValidationError } from '../../platform/errors/domain-error';
import type { BookingConfig } from '../booking.config';
import { TtlCache } from '../../platform/cache/ttl-cache';
import { PhoneClaims } from './phone-claims';
import { PublicLinkCommands } from './public-link.commands';
import { VisitorOptInCommands } from './visitor-opt-in.commands';
import { wordsOf } from '../../contracts/shared/names';

/**
 * Whether a visitor typing `typed` is plausibly the student known as `known`: the same words, or
 * the first ones of either ('Ana' for 'Ana Souza').
 */
export function sameName(known: string, typed: string): boolean {
  const [a, b] = [wordsOf(known), wordsOf(typed)];
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length > 0 && shorter.every((word, index) => word === longer[index]);
}

/** The actor of every public booking's commands (visitors have no account). */
const VISITOR_ACTOR_ID = uuidv5('public-booking-visitor', '4a7c2e91-8d3b-4f60-b5e1-92c7a0d4f318');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class TrainerNotFound extends DomainError {
  constructor() {
    super('not_found', TRAINER_NOT_FOUND, 404);
  }
}
class LocationNotOffered extends DomainError {
  constructor() {
    super('not_found', LOCATION_NOT_OFFERED, 404);
  }
}
/** 403: the trainer turned online booking off in /link-publico. */
class BookingDisabled extends DomainError {
  constructor() {
    super('booking_disabled', NOT_TAKING_BOOKINGS, 403);
  }
}

interface Trainer {
  tenantId: string;
  nome: string;
  settings: PublicLinkSettings;
}

/**
 * Public booking's use cases: the trainer's page by the tenant's unique slug, the open slots of an
 * offered location (the scheduling context's engine through SlotBooking, with the link settings'
 * rules), and a visitor's booking: the phone's daily allowance claimed, the student found by
 * phone or registered (StudentsByPhone) in the transaction that books the slot as a session
 * agendada, with their WhatsApp opt-in when they ticked it (409 slot_taken when someone else got it
 * first, and no one registered). Nothing here shows anything about other students.
 */
/** How long this process trusts what it read (every page view and slot read needs all three). */
const TRAINER_TTL_MS = 30_000;
const LOCATIONS_TTL_MS = 5_000;
export const LINK_SETTINGS_TTL_MS = 2_000;

@Injectable()
export class PublicBooking {
  /** Slugs never change; the name and WhatsApp shown may lag a change by TRAINER_TTL_MS. Misses are not kept. */
  private readonly trainersBySlug = new TtlCache<Awaited<ReturnType<PublicTrainers['bySlug']>>>(
    TRAINER_TTL_MS,
  );
  private readonly locationLists = new TtlCache<Location[]>(LOCATIONS_TTL_MS);
  /** Forgotten at once when saved through this process (other instances follow within the TTL). */
  private readonly linkSettings = new TtlCache<PublicLinkSettings>(LINK_SETTINGS_TTL_MS);

  constructor(
    @Inject(APP_CONFIG) private readonly config: BookingConfig,
    @Inject(PublicTrainers) private readonly trainers: PublicTrainers,
    @Inject(LocationDirectory) private readonly locations: LocationDirectory,
    @Inject(SlotBooking) private readonly slots: SlotBooking,
    @Inject(StudentsByPhone) private readonly students: StudentsByPhone,
    @Inject(PublicLinkCommands) private readonly links: PublicLinkCommands,
    @Inject(PhoneClaims) private readonly claims: PhoneClaims,
    @Inject(VisitorOptInCommands) private readonly optIns: VisitorOptInCommands,
  ) {}

  /** `atLeast`: the log position the caller named (X-Min-Position); the caches are no older. */
  async page(slug: string, atLeast = 0): Promise<PublicTrainerPage> {
    const trainer = await this.trainer(slug, atLeast);
    const locations = trainer.settings.enabled ? await this.offered(trainer, atLeast) : [];
    return {
      // Only the number the trainer chose for this page, and only while it is on.
      trainer: {
        nome: trainer.nome,
        whatsapp: trainer.settings.enabled ? trainer.settings.whatsapp : null,
      },
      locations: locations.map(({ id, nome, endereco }) => ({ id, nome, endereco })),
      enabled: trainer.settings.enabled,
    };
  }

  async openSlots(
    slug: string,
    locationId: string,
    from: string | undefined,
    atLeast = 0,
  ): Promise<PublicSlots> {
    const trainer = await this.openTrainer(slug, atLeast);
    await this.location(trainer, locationId, atLeast);
    const first = from ?? zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    const items = await this.slots.openSlots(
      trainer.tenantId,
      locationId,
      first,
      slotRulesOfLink(trainer.settings),
    );
    return { items };
  }

  async book(
    slug: string,
    input: PublicBookingInput,
    correlationId: string,
  ): Promise<PublicBookingAnswer> {
    // The honeypot: a field people never see.
    if (input.website) throw new ValidationError('Não foi possível agendar', 'website');
    const trainer = await this.openTrainer(slug);
    const location = await this.location(trainer, input.locationId);
    const day = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    const allowed = await this.claims.claim(
      trainer.tenantId,
      input.telefone,
      day,
      this.config.PUBLIC_BOOKINGS_PER_PHONE_PER_DAY,
    );
    if (!allowed) throw new ConflictError(TOO_MANY_BOOKINGS.code, TOO_MANY_BOOKINGS.message);
    const actor = {
      tenantId: trainer.tenantId,
      actorId: VISITOR_ACTOR_ID,
      actorRole: 'system' as const,
      correlationId,
    };
    try {
      // A slot already gone is refused before anyone is registered.
      await this.stillOpen(trainer, location.id, input.inicio);
      const student = await this.students.find(actor, {
        nome: input.nome,
        telefone: input.telefone,
      });
      // Booked 'a confirmar', a new visitor registered with it and their WhatsApp opt-in recorded
      // (a refused booking leaves neither); a known phone under another name is shown to the
      // trainer, not hidden.
      const booked = await this.slots.bookSlot(actor, {
        studentId: student.id,
        locationId: location.id,
        inicio: input.inicio,
        origin: 'publico',
        ...(!sameName(student.nome, input.nome) && { nomeInformado: input.nome }),
        rules: slotRulesOfLink(trainer.settings),
        withBooking: async () => {
          await student.register?.();
          if (input.whatsapp)
            await this.optIns.handle(actor, uuidv7(), {
              type: 'RecordVisitorOptIn',
              studentId: student.id,
              locationId: location.id,
              inicio: input.inicio,
            });
        },
      });
      return {
        id: booked.id,
        inicio: booked.inicio,
        fim: booked.fim,
        local: { id: location.id, nome: location.nome },
      };
    } catch (error) {
      await this.claims.release(trainer.tenantId, input.telefone, day);
      throw error;
    }
  }

  private async stillOpen(trainer: Trainer, locationId: string, inicio: string): Promise<void> {
    const at = Date.parse(inicio);
    const day = zonedParts(new Date(at), DEFAULT_TIME_ZONE).date;
    const open = await this.slots.openSlots(trainer.tenantId, locationId, day, {
      ...slotRulesOfLink(trainer.settings),
      maxPerDay: Number.MAX_SAFE_INTEGER,
      maxTotal: Number.MAX_SAFE_INTEGER,
    });
    if (!open.some((slot) => Date.parse(slot.inicio) === at))
      throw new ConflictError(SLOT_TAKEN.code, SLOT_TAKEN.message);
  }

  private async trainer(slug: string, atLeast = 0): Promise<Trainer> {
    if (!isSlug(slug)) throw new TrainerNotFound();
    const found = await this.trainersBySlug.get(slug, () => this.trainers.bySlug(slug), {
      keep: (trainer) => trainer !== undefined,
      atLeast,
    });
    if (!found) throw new TrainerNotFound();
    const settings = await this.linkSettings.get(
      found.tenantId,
      () => this.links.current(found.tenantId),
      { atLeast },
    );
    return { ...found, settings };
  }

  /** The link settings were saved here: the next visitor sees them. */
  settingsChanged(tenantId: string): void {
    this.linkSettings.forget(tenantId);
  }

  private async openTrainer(slug: string, atLeast = 0): Promise<Trainer> {
    const trainer = await this.trainer(slug, atLeast);
    if (!trainer.settings.enabled) throw new BookingDisabled();
    return trainer;
  }

  /** The active locations the link offers (all of them unless the trainer picked some). */
  private async offered(trainer: Trainer, atLeast = 0) {
    const { locationIds } = trainer.settings;
    const all = await this.locationLists.get(
      trainer.tenantId,
      () => this.locations.list(trainer.tenantId),
      { atLeast },
    );
    return all.filter(
      (location) => location.ativo && (locationIds === null || locationIds.includes(location.id)),
    );
  }

  private async location(trainer: Trainer, locationId: string, atLeast = 0) {
    if (!UUID.test(locationId)) throw new LocationNotOffered();
    const location = (await this.offered(trainer, atLeast)).find(
      (candidate) => candidate.id === locationId,
    );
    if (!location) throw new LocationNotOffered();
    return location;
  }
}
