import type { Kysely } from 'kysely';
import type { Database } from '../database/database';
import { ConflictError, NotFoundError } from '../errors/domain-error';
import type { InlineProjection } from '../event-store/command-runner';
import type { DomainEvent } from '../event-store/event';

/** An entity of a tenant: `{ kind: 'student', id }`. */
export interface EntityRef {
  kind: string;
  id: string;
}

const FOREIGN_KEY_VIOLATION = '23503';
const isForeignKeyViolation = (error: unknown) =>
  (error as { code?: string }).code === FOREIGN_KEY_VIOLATION;

/** Someone still refers to the entity: it can be inactivated or archived, not removed. */
export class HasLinksError extends ConflictError {
  constructor(message: string) {
    super('has_links', message);
  }
}

/**
 * Existence and references of entities across contexts, in the caller's transaction (a command's
 * inline projection). Removal of a referenced entity fails on the foreign key, and so does a
 * reference to an entity that is gone: both hold under concurrency without any read-then-write.
 * A failure aborts the transaction; the domain error thrown rolls the whole command back.
 */
export const entityReferences = {
  async register(trx: Kysely<Database>, tenantId: string, entity: EntityRef): Promise<void> {
    await trx
      .insertInto('entities')
      .values({ tenantId, kind: entity.kind, id: entity.id })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  },

  /** Removes the entity and what it refers to; `HasLinksError(message)` while anything refers to it. */
  async remove(
    trx: Kysely<Database>,
    tenantId: string,
    entity: EntityRef,
    hasLinksMessage: string,
  ): Promise<void> {
    await trx
      .deleteFrom('entityReferences')
      .where('tenantId', '=', tenantId)
      .where('sourceKind', '=', entity.kind)
      .where('sourceId', '=', entity.id)
      .execute();
    try {
      await trx
        .deleteFrom('entities')
        .where('tenantId', '=', tenantId)
        .where('kind', '=', entity.kind)
        .where('id', '=', entity.id)
        .execute();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new HasLinksError(hasLinksMessage);
      throw error;
    }
  },

  /** `source` refers to `target` from now on; `NotFoundError(targetLabel)` when there is no such target. */
  async refer(
    trx: Kysely<Database>,
    tenantId: string,
    source: EntityRef,
    target: EntityRef,
    targetLabel: string,
  ): Promise<void> {
    try {
      await trx
        .insertInto('entityReferences')
        .values({
          tenantId,
          targetKind: target.kind,
          targetId: target.id,
          sourceKind: source.kind,
          sourceId: source.id,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new NotFoundError(targetLabel);
      throw error;
    }
  },

  /** A new entity, referring from the start to each target (as `refer`, its label for the 404). */
  async registerReferring(
    trx: Kysely<Database>,
    tenantId: string,
    entity: EntityRef,
    targets: { target: EntityRef; label: string }[],
  ): Promise<void> {
    await entityReferences.register(trx, tenantId, entity);
    for (const { target, label } of targets)
      await entityReferences.refer(trx, tenantId, entity, target, label);
  },

  async forget(
    trx: Kysely<Database>,
    tenantId: string,
    source: EntityRef,
    target: EntityRef,
  ): Promise<void> {
    await trx
      .deleteFrom('entityReferences')
      .where('tenantId', '=', tenantId)
      .where('targetKind', '=', target.kind)
      .where('targetId', '=', target.id)
      .where('sourceKind', '=', source.kind)
      .where('sourceId', '=', source.id)
      .execute();
  },

  async exists(db: Kysely<Database>, tenantId: string, entity: EntityRef): Promise<boolean> {
    const row = await db
      .selectFrom('entities')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('kind', '=', entity.kind)
      .where('id', '=', entity.id)
      .executeTakeFirst();
    return row !== undefined;
  },
};

/**
 * The inline projection of a stream that is an entity others refer to: registered when `created`
 * is appended, removed (or refused with `hasLinks`) when `removed` is.
 */
export function streamEntity<Event extends DomainEvent>(options: {
  kind: string;
  created: Event['type'];
  removed: Event['type'];
  hasLinks: string;
}): InlineProjection<Event, unknown> {
  return {
    eventTypes: [options.created, options.removed],
    async apply(trx, { tenantId, streamId, events }) {
      const entity = { kind: options.kind, id: streamId };
      for (const event of events) {
        if (event.type === options.created) await entityReferences.register(trx, tenantId, entity);
        if (event.type === options.removed)
          await entityReferences.remove(trx, tenantId, entity, options.hasLinks);
      }
    },
  };
}
