import { createHmac, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  eventTypesWithPersonalData,
  PERSONAL_DATA_REMOVED,
  personalFieldsOf,
} from '../../contracts/shared/personal-data';
import {
  defaultDataDirectory,
  generatedSecret,
  PERSONAL_DATA_KEY_FILE,
} from '../../config/generated-secret';
import type { Database } from '../database/database';
import { SecretBox } from './secret-box';

/** An event's personal fields as stored: their names, and their values sealed (null: erased). */
export interface SealedPersonalData {
  fields: string[];
  sealed: string | null;
}

/** An event's data split for the log. */
export interface SplitEvent {
  data: unknown;
  subjectId: string | null;
  personalData: SealedPersonalData | null;
}

/** A subject's key as known to this process: null once erased. */
interface CachedKey {
  box: SecretBox | null;
  at: number;
}

/**
 * How long a key stays cached in a process: another process's erasure reaches this one at most
 * this late (this process's own erasures, and the erasure events its projections apply, at once).
 */
const KEY_TTL_MS = 60_000;
const MAX_CACHED_KEYS = 20_000;

/**
 * The data keys of the data subjects, each sealed with the master key in `data_subject_keys`, and
 * an LRU of the opened ones (a hot path reads and appends without touching that table).
 */
class PersonalDataVault {
  private master?: SecretBox;
  private masterSecret?: string;
  private readonly keys = new Map<string, CachedKey>();

  /** Set at start-up from the parsed configuration (PERSONAL_DATA_KEY). */
  useMasterKey(secret: string): void {
    this.master = new SecretBox(secret);
    this.masterSecret = secret;
    this.keys.clear();
  }

  /** Without a configured key (a script, a test): the environment's or this machine's generated one. */
  private masterBox(): SecretBox {
    if (!this.master) {
      const secret = process.env.PERSONAL_DATA_KEY;
      if (!secret && process.env.NODE_ENV === 'production')
        throw new Error('Configuração inválida — PERSONAL_DATA_KEY: obrigatório em produção');
      this.masterSecret =
        secret ??
        generatedSecret(
          process.env.VIRA_DATA_DIR ?? defaultDataDirectory(),
          PERSONAL_DATA_KEY_FILE,
        );
      this.master = new SecretBox(this.masterSecret);
    }
    return this.master;
  }

  /** A keyed digest of `text` (an e-mail of a closed account): comparable, not reversible. */
  digest(text: string): string {
    this.masterBox();
    return createHmac('sha256', this.masterSecret as string)
      .update(text.trim().toLowerCase())
      .digest('base64url');
  }

  private cached(subjectId: string): CachedKey | undefined {
    const entry = this.keys.get(subjectId);
    if (!entry) return undefined;
    this.keys.delete(subjectId);
    if (Date.now() - entry.at > KEY_TTL_MS) return undefined;
    this.keys.set(subjectId, entry);
    return entry;
  }

  private remember(subjectId: string, box: SecretBox | null): void {
    this.keys.set(subjectId, { box, at: Date.now() });
    if (this.keys.size > MAX_CACHED_KEYS) this.keys.delete(this.keys.keys().next().value as string);
  }

  /** Forget cached keys (their subjects were just erased). */
  forget(subjectIds: readonly string[]): void {
    for (const id of subjectIds) this.keys.delete(id);
  }

  /**
   * The keys of `subjectIds` (null: erased, undefined: none yet). Keys written by the caller's own
   * transaction are not cached: if it rolls back, they never existed.
   */
  private async load(
    db: Kysely<Database>,
    subjectIds: readonly string[],
  ): Promise<Map<string, SecretBox | null>> {
    const found = new Map<string, SecretBox | null>();
    const missing: string[] = [];
    for (const id of new Set(subjectIds)) {
      const entry = this.cached(id);
      if (entry) found.set(id, entry.box);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const { rows } = await sql<{ subjectId: string; sealedKey: string | null; own: boolean }>`
      select subject_id, sealed_key,
             xmin::text::bigint = coalesce(pg_current_xact_id_if_assigned()::text::numeric % 4294967296, -1) as own
      from data_subject_keys where subject_id = any(${missing}::uuid[])`.execute(db);
    for (const row of rows) {
      const box = row.sealedKey
        ? new SecretBox(this.masterBox().open(row.sealedKey, row.subjectId))
        : null;
      found.set(row.subjectId, box);
      if (!row.own) this.remember(row.subjectId, box);
    }
    return found;
  }

  /** The keys of `subjectIds`, made for those that have none (null: erased). */
  private async keysFor(
    db: Kysely<Database>,
    tenantId: string,
    subjectIds: readonly string[],
  ): Promise<Map<string, SecretBox | null>> {
    const found = await this.load(db, subjectIds);
    const missing = [...new Set(subjectIds)].filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    const sealed = missing.map((id) =>
      this.masterBox().seal(randomBytes(32).toString('base64url'), id),
    );
    await sql`
      insert into data_subject_keys (subject_id, tenant_id, sealed_key)
      select id, ${tenantId}::uuid, key from unnest(${missing}::uuid[], ${sealed}::text[]) as k(id, key)
      on conflict (subject_id) do nothing`.execute(db);
    // Another transaction may have made some of them first: read what is there now.
    for (const [id, box] of await this.load(db, missing)) found.set(id, box);
    return found;
  }

  /** The events' personal fields taken out of their data and sealed with their subject's key. */
  async seal(
    db: Kysely<Database>,
    tenantId: string,
    streamId: string,
    events: readonly { type: string; data: unknown }[],
  ): Promise<SplitEvent[]> {
    const plans = events.map((event) => splitPlan(event.type, event.data, streamId));
    const subjects = plans.flatMap((plan) => (plan ? [plan.subjectId] : []));
    const keys = subjects.length > 0 ? await this.keysFor(db, tenantId, subjects) : new Map();
    return events.map((event, index) => {
      const plan = plans[index];
      if (!plan) return { data: event.data, subjectId: null, personalData: null };
      const box = keys.get(plan.subjectId) ?? null;
      return {
        data: plan.clear,
        subjectId: plan.subjectId,
        personalData: {
          fields: Object.keys(plan.personal),
          sealed: box ? box.seal(JSON.stringify(plan.personal), plan.subjectId) : null,
        },
      };
    });
  }

  /** The events' data with their personal fields back in (PERSONAL_DATA_REMOVED once erased). */
  async open<
    Row extends {
      data: unknown;
      subjectId: string | null;
      personalData: SealedPersonalData | null;
    },
  >(db: Kysely<Database>, rows: readonly Row[]): Promise<unknown[]> {
    const subjects = rows.flatMap((row) =>
      row.subjectId && row.personalData?.sealed ? [row.subjectId] : [],
    );
    const keys = subjects.length > 0 ? await this.load(db, subjects) : new Map();
    return rows.map((row) => {
      if (!row.subjectId || !row.personalData) return row.data;
      const box = row.personalData.sealed ? keys.get(row.subjectId) : null;
      const personal = box
        ? (JSON.parse(box.open(row.personalData.sealed as string, row.subjectId)) as object)
        : Object.fromEntries(
            row.personalData.fields.map((field) => [field, PERSONAL_DATA_REMOVED]),
          );
      return { ...(row.data as object), ...personal };
    });
  }

  /**
   * Destroys the keys of `subjectIds` (made erased when they had none, so nothing sealed for them
   * later can be opened). Inside the caller's transaction: erased when it commits.
   */
  async erase(
    db: Kysely<Database>,
    tenantId: string,
    subjectIds: readonly string[],
  ): Promise<void> {
    if (subjectIds.length === 0) return;
    await sql`
      insert into data_subject_keys (subject_id, tenant_id, sealed_key, erased_at)
      select id, ${tenantId}::uuid, null, now() from unnest(${subjectIds as string[]}::uuid[]) as s(id)
      on conflict (subject_id) do update set sealed_key = null, erased_at = coalesce(data_subject_keys.erased_at, now())`.execute(
      db,
    );
    this.forget(subjectIds);
  }

  /**
   * Events of `subjectIds` written before their fields were sealed (the log before this room
   * existed, or written around it): their personal fields are taken out now, as if sealed with the
   * key about to be destroyed. The one rewrite of the log, and only of what the law says must go.
   */
  async redactClearEvents(
    db: Kysely<Database>,
    tenantId: string,
    subjectIds: readonly string[],
  ): Promise<void> {
    for (const [eventType, declaration] of eventTypesWithPersonalData()) {
      const subject =
        declaration.subject === 'stream'
          ? sql`stream_id = any(${subjectIds as string[]}::uuid[])`
          : sql`data->>${declaration.subject} = any(${subjectIds as string[]}::text[])`;
      const { rows } = await sql<{ globalPosition: number; streamId: string; data: unknown }>`
        select global_position, stream_id, data from events
        where tenant_id = ${tenantId}::uuid and event_type = ${eventType}
          and personal_data is null and ${subject}`.execute(db);
      for (const row of rows) {
        const plan = splitPlan(eventType, row.data, row.streamId);
        if (!plan) continue;
        const personalData: SealedPersonalData = {
          fields: Object.keys(plan.personal),
          sealed: null,
        };
        await sql`
          update events set data = ${JSON.stringify(plan.clear)}::jsonb, subject_id = ${plan.subjectId}::uuid,
            personal_data = ${JSON.stringify(personalData)}::jsonb
          where global_position = ${row.globalPosition}`.execute(db);
      }
    }
  }

  /** Destroys every key of the tenant. */
  async eraseTenant(db: Kysely<Database>, tenantId: string): Promise<void> {
    const { rows } = await sql<{ subjectId: string }>`
      update data_subject_keys set sealed_key = null, erased_at = coalesce(erased_at, now())
      where tenant_id = ${tenantId}::uuid returning subject_id`.execute(db);
    this.forget(rows.map((row) => row.subjectId));
  }
}

/** How an event is split: its subject, its data without the personal fields, and those fields. */
export function splitPlan(
  eventType: string,
  data: unknown,
  streamId: string,
): { subjectId: string; clear: object; personal: Record<string, unknown> } | undefined {
  const declaration = personalFieldsOf(eventType);
  if (!declaration || typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const subjectId = declaration.subject === 'stream' ? streamId : record[declaration.subject];
  if (typeof subjectId !== 'string') return undefined;
  const clear: Record<string, unknown> = { ...record };
  const personal: Record<string, unknown> = {};
  for (const field of declaration.fields) {
    if (record[field] === undefined || record[field] === null) continue;
    personal[field] = record[field];
    delete clear[field];
  }
  if (Object.keys(personal).length === 0) return undefined;
  return { subjectId, clear, personal };
}

/** The process's vault (like the upcasters' registry: the event store's free functions use it). */
export const personalDataVault = new PersonalDataVault();
