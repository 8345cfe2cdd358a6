import { createHmac } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
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
import { strongRandomBytes } from './strong-random';

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

/** A key an append seals with: made by that append, or known from before and proven by it. */
export interface SealingKey {
  subjectId: string;
  sealedKey: string;
}

/**
 * An append's events split and sealed, with the keys they were sealed with. The append's statement
 * writes `created` (and appends nothing if any of them exists already: another writer made it first)
 * and appends nothing unless every key of `assumed` is still its subject's (not erased since this
 * process learned it): see `keysGuard`.
 */
export interface SealedEvents {
  events: SplitEvent[];
  created: SealingKey[];
  assumed: SealingKey[];
}

const MAX_CACHED_KEYS = 20_000;

/** A bounded map, least recently used first out. */
class Lru<Value> {
  private readonly entries = new Map<string, Value>();

  constructor(private readonly capacity: number) {}

  get(key: string): Value | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity)
      this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * The data keys of the data subjects, each sealed with the master key in `data_subject_keys`.
 *
 * No key is ever used on this process's word alone. A reader selects each event's sealed key with
 * the event (STORED_EVENT_COLUMNS): what the row says now, null once erased; this process only
 * keeps the opened form of a sealed key (the master key's unsealing, the costly part), looked up
 * by the sealed key itself. An append seals with the key this process last knew for the subject
 * (or a new one) and its own statement proves that key is still there, or appends nothing and is
 * sealed again on a fresh read: an erasure in another process (the worker, another API instance)
 * is never missed, however recent.
 */
class PersonalDataVault {
  private master?: SecretBox;
  private masterSecret?: string;
  /** Sealed key -> its opened box. */
  private readonly boxes = new Lru<SecretBox>(MAX_CACHED_KEYS);
  /** Subject -> the sealed key this process last sealed with for it (proven by that append). */
  private readonly known = new Lru<string>(MAX_CACHED_KEYS);

  /** Set at start-up from the parsed configuration (PERSONAL_DATA_KEY). */
  useMasterKey(secret: string): void {
    this.master = new SecretBox(secret);
    this.masterSecret = secret;
    this.boxes.clear();
    this.known.clear();
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

  /** The opened key of a subject's sealed key. */
  private box(subjectId: string, sealedKey: string): SecretBox {
    let box = this.boxes.get(sealedKey);
    if (!box) {
      box = new SecretBox(this.masterBox().open(sealedKey, subjectId));
      this.boxes.set(sealedKey, box);
    }
    return box;
  }

  /** Forget what this process knew of these subjects' keys (they were just erased). */
  forget(subjectIds: readonly string[]): void {
    for (const id of subjectIds) this.known.delete(id);
  }

  /** The keys of `subjectIds` as stored now (null: erased; absent: none yet). */
  private async load(
    db: Kysely<Database>,
    subjectIds: readonly string[],
  ): Promise<Map<string, string | null>> {
    const { rows } = await sql<{ subjectId: string; sealedKey: string | null }>`
      select subject_id, sealed_key from data_subject_keys
      where subject_id = any(${subjectIds as string[]}::uuid[])`.execute(db);
    return new Map(rows.map((row) => [row.subjectId, row.sealedKey]));
  }

  /**
   * The events' personal fields taken out of their data and sealed with their subject's key. The
   * key is the one this process knows (unless `fresh`), else the stored one; a subject with none
   * gets a new one, which the append writes. The stream's own subject on a new stream is taken to
   * have none without asking (the append finds out when it has).
   */
  async seal(
    db: Kysely<Database>,
    request: {
      tenantId: string;
      streamId: string;
      expectedVersion: number;
      events: readonly { type: string; data: unknown }[];
      fresh?: boolean;
    },
  ): Promise<SealedEvents> {
    const { streamId, events } = request;
    const plans = events.map((event) => splitPlan(event.type, event.data, streamId));
    const subjects = [...new Set(plans.flatMap((plan) => (plan ? [plan.subjectId] : [])))];
    const keys = new Map<string, string | null>();
    const toRead: string[] = [];
    for (const id of subjects) {
      const known = request.fresh ? undefined : this.known.get(id);
      if (known) keys.set(id, known);
      else if (request.fresh || request.expectedVersion > 0 || id !== streamId) toRead.push(id);
    }
    if (toRead.length > 0) for (const [id, key] of await this.load(db, toRead)) keys.set(id, key);
    const created: SealingKey[] = [];
    const assumed: SealingKey[] = [];
    for (const subjectId of subjects) {
      const sealedKey = keys.get(subjectId);
      if (sealedKey === undefined) {
        const raw = strongRandomBytes(32).toString('base64url');
        const made = this.masterBox().seal(raw, subjectId);
        this.boxes.set(made, new SecretBox(raw));
        keys.set(subjectId, made);
        created.push({ subjectId, sealedKey: made });
      } else if (sealedKey !== null) assumed.push({ subjectId, sealedKey });
    }
    return {
      created,
      assumed,
      events: events.map((event, index) => {
        const plan = plans[index];
        if (!plan) return { data: event.data, subjectId: null, personalData: null };
        const sealedKey = keys.get(plan.subjectId) ?? null;
        return {
          data: plan.clear,
          subjectId: plan.subjectId,
          personalData: {
            fields: Object.keys(plan.personal),
            sealed: sealedKey
              ? this.box(plan.subjectId, sealedKey).seal(
                  JSON.stringify(plan.personal),
                  plan.subjectId,
                )
              : null,
          },
        };
      }),
    };
  }

  /**
   * What an append statement adds for the sealing keys of its appends (one, or a group's): `with`
   * (a CTE writing the keys they made, to put first) and `holds` (true when every key they made
   * was written and every key they assumed is still its subject's). Appending only `where holds`,
   * the statement appends nothing otherwise, and the caller seals again with `fresh`. A key made
   * by a transaction that rolled back is no longer there: it fails the proof like an erased one.
   */
  keysGuard(sealings: readonly { tenantId: string; sealing: SealedEvents }[]): {
    with: RawBuilder<unknown> | undefined;
    holds: RawBuilder<unknown>;
  } {
    const created = sealings.flatMap(({ tenantId, sealing }) =>
      sealing.created.map((key) => ({ ...key, tenantId })),
    );
    const assumed = sealings.flatMap(({ sealing }) => sealing.assumed);
    const conditions: RawBuilder<unknown>[] = [];
    if (created.length > 0)
      conditions.push(sql`(select count(*) from created_keys) = ${created.length}`);
    if (assumed.length > 0)
      conditions.push(sql`
        (select count(*) from data_subject_keys k
         join json_to_recordset(${JSON.stringify(assumed)}::json) as a("subjectId" uuid, "sealedKey" text)
           on k.subject_id = a."subjectId" and k.sealed_key = a."sealedKey") = ${assumed.length}`);
    return {
      with:
        created.length > 0
          ? sql`created_keys as (
              insert into data_subject_keys (subject_id, tenant_id, sealed_key)
              select "subjectId", "tenantId", "sealedKey"
              from json_to_recordset(${JSON.stringify(created)}::json)
                as k("subjectId" uuid, "tenantId" uuid, "sealedKey" text)
              on conflict (subject_id) do nothing
              returning subject_id)`
          : undefined,
      holds: conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`,
    };
  }

  /** After an append: its keys are what this process knows of their subjects now, or not at all. */
  settle(sealing: SealedEvents, held: boolean): void {
    for (const key of [...sealing.created, ...sealing.assumed]) {
      if (held) this.known.set(key.subjectId, key.sealedKey);
      else this.known.delete(key.subjectId);
    }
  }

  /**
   * The events' data with their personal fields back in (PERSONAL_DATA_REMOVED once erased), each
   * opened with the subject's key as its row was read with (`subjectKey`, null once erased).
   */
  open(
    rows: readonly {
      data: unknown;
      subjectId: string | null;
      personalData: SealedPersonalData | null;
      subjectKey: string | null;
    }[],
  ): unknown[] {
    return rows.map((row) => {
      if (!row.subjectId || !row.personalData) return row.data;
      const { sealed, fields } = row.personalData;
      const personal =
        sealed && row.subjectKey
          ? (JSON.parse(
              this.box(row.subjectId, row.subjectKey).open(sealed, row.subjectId),
            ) as object)
          : Object.fromEntries(fields.map((field) => [field, PERSONAL_DATA_REMOVED]));
      return typeof row.data === 'object' && row.data !== null
        ? { ...row.data, ...personal }
        : personal;
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
