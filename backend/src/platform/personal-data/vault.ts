import { createHmac } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
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
 * process learned it): see `keysGuardText`.
 */
export interface SealedEvents {
  events: SplitEvent[];
  created: SealingKey[];
  assumed: SealingKey[];
}

/**
 * Opened keys and known keys kept at most, least recently used first out (lru-cache: a Map that
 * evicted its first key grew slower with every eviction, V8 skipping the deleted entries at its
 * front each time: 11 µs a new subject, an eighth of a rebuild of sealed registrations).
 */
const MAX_CACHED_KEYS = 20_000;

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
  private readonly boxes = new LRUCache<string, SecretBox>({ max: MAX_CACHED_KEYS });
  /** Subject -> the sealed key this process last sealed with for it (proven by that append). */
  private readonly known = new LRUCache<string, string>({ max: MAX_CACHED_KEYS });

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
  async seal(db: Kysely<Database>, request: SealRequest): Promise<SealedEvents> {
    const plans = plansOf(request);
    const keys = new Map<string, string | null>();
    const toRead: string[] = [];
    for (const id of subjectsOf(plans)) {
      const known = request.fresh ? undefined : this.known.get(id);
      if (known) keys.set(id, known);
      else if (request.fresh || request.expectedVersion > 0 || id !== request.streamId)
        toRead.push(id);
    }
    if (toRead.length > 0) for (const [id, key] of await this.load(db, toRead)) keys.set(id, key);
    return this.sealWith(request, plans, keys);
  }

  /**
   * `seal` without a read, when none is needed (the common case: no personal fields, a new
   * stream's own subject, subjects this process knows); undefined when one is.
   */
  sealKnown(request: SealRequest, fresh: boolean): SealedEvents | undefined {
    const plans = plansOf(request);
    const keys = new Map<string, string | null>();
    for (const id of subjectsOf(plans)) {
      const known = fresh ? undefined : this.known.get(id);
      if (known) keys.set(id, known);
      else if (fresh || request.expectedVersion > 0 || id !== request.streamId) return undefined;
    }
    return this.sealWith(request, plans, keys);
  }

  /**
   * Seals with `keys` (subject -> sealed key, null once erased; absent: a new key is made). A new
   * subject's fields are sealed with its raw key as it is made, and the key sealed with the master
   * key: two AES-GCM calls and one SHA-256, nothing kept but what the append proves (its opened
   * form is made again, once, should this process read the subject back).
   */
  private sealWith(
    request: SealRequest,
    plans: readonly (SplitPlan | undefined)[],
    keys: Map<string, string | null>,
  ): SealedEvents {
    const created: SealingKey[] = [];
    const assumed: SealingKey[] = [];
    const boxes = new Map<string, SecretBox | null>();
    for (const subjectId of subjectsOf(plans)) {
      const sealedKey = keys.get(subjectId);
      if (sealedKey === undefined) {
        const raw = strongRandomBytes(32).toString('base64url');
        const made = this.masterBox().seal(raw, subjectId);
        boxes.set(subjectId, new SecretBox(raw));
        created.push({ subjectId, sealedKey: made });
      } else if (sealedKey !== null) {
        boxes.set(subjectId, this.box(subjectId, sealedKey));
        assumed.push({ subjectId, sealedKey });
      } else boxes.set(subjectId, null);
    }
    const events = request.events.map((event, index): SplitEvent => {
      const plan = plans[index];
      if (!plan) return { data: event.data, subjectId: null, personalData: null };
      const box = boxes.get(plan.subjectId);
      return {
        data: plan.clear,
        subjectId: plan.subjectId,
        personalData: {
          fields: Object.keys(plan.personal),
          sealed: box ? box.seal(JSON.stringify(plan.personal), plan.subjectId) : null,
        },
      };
    });
    return { created, assumed, events };
  }

  /**
   * The keys' part of an append statement's parameters (one append's, or a group's): the keys
   * they made and the keys they assumed, each as one JSON document, absent when there are none.
   */
  keysParameters(sealings: readonly { tenantId: string; sealing: SealedEvents }[]): {
    created?: string;
    assumed?: string;
  } {
    const created: (SealingKey & { tenantId: string })[] = [];
    const assumed: SealingKey[] = [];
    for (const { tenantId, sealing } of sealings) {
      for (const key of sealing.created)
        created.push({ subjectId: key.subjectId, sealedKey: key.sealedKey, tenantId });
      assumed.push(...sealing.assumed);
    }
    return {
      created: created.length > 0 ? JSON.stringify(created) : undefined,
      assumed: assumed.length > 0 ? JSON.stringify(assumed) : undefined,
    };
  }

  /**
   * What an append statement adds for its sealing keys, given the parameters holding the
   * documents of `keysParameters`: `with` (a CTE writing the keys they made, to put first) and
   * `holds` (true when every key they made was written and every key they assumed is still its
   * subject's). Appending only where `holds`, the statement appends nothing otherwise, and the
   * caller seals again with `fresh`. A key made by a transaction that rolled back is no longer
   * there: it fails the proof like an erased one.
   */
  keysGuardText(parameters: { created?: string; assumed?: string }): {
    with?: string;
    holds?: string;
  } {
    const conditions: string[] = [];
    if (parameters.created)
      conditions.push(
        `(select count(*) from created_keys) = json_array_length(${parameters.created}::json)`,
      );
    if (parameters.assumed)
      conditions.push(`
        (select count(*) from data_subject_keys k
         join json_to_recordset(${parameters.assumed}::json) as a("subjectId" uuid, "sealedKey" text)
           on k.subject_id = a."subjectId" and k.sealed_key = a."sealedKey") = json_array_length(${parameters.assumed}::json)`);
    return {
      with: parameters.created
        ? `created_keys as (
              insert into data_subject_keys (subject_id, tenant_id, sealed_key)
              select "subjectId", "tenantId", "sealedKey"
              from json_to_recordset(${parameters.created}::json)
                as k("subjectId" uuid, "tenantId" uuid, "sealedKey" text)
              on conflict (subject_id) do nothing
              returning subject_id)`
        : undefined,
      holds: conditions.length > 0 ? conditions.join(' and ') : undefined,
    };
  }

  /**
   * `keysGuardText` for a statement appending one event, whose subject's key travels as three
   * plain parameters (the subject, its tenant, the sealed key) instead of JSON documents: made by
   * this append (`made`) or assumed still there.
   */
  keyGuardText(key: { subject: string; tenant: string; sealedKey: string; made: boolean }): {
    with?: string;
    holds: string;
  } {
    if (!key.made)
      return {
        holds: `exists (select from data_subject_keys
                        where subject_id = ${key.subject}::uuid and sealed_key = ${key.sealedKey})`,
      };
    return {
      with: `created_keys as (
              insert into data_subject_keys (subject_id, tenant_id, sealed_key)
              values (${key.subject}::uuid, ${key.tenant}::uuid, ${key.sealedKey})
              on conflict (subject_id) do nothing
              returning subject_id)`,
      holds: 'exists (select from created_keys)',
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

  /**
   * Destroys every key of the tenant. Its keys are found through its events (every key was written
   * by an append of an event naming its subject), which are indexed by tenant: an index of the keys
   * by tenant would cost every new subject's append a B-tree insert for the one closing that reads it.
   */
  async eraseTenant(db: Kysely<Database>, tenantId: string): Promise<void> {
    const { rows } = await sql<{ subjectId: string }>`
      update data_subject_keys set sealed_key = null, erased_at = coalesce(erased_at, now())
      where subject_id in (select subject_id from events
                           where tenant_id = ${tenantId}::uuid and subject_id is not null)
        and tenant_id = ${tenantId}::uuid
      returning subject_id`.execute(db);
    this.forget(rows.map((row) => row.subjectId));
  }
}

/** What `seal` seals: an append's events, on the stream and at the version it appends them. */
interface SealRequest {
  tenantId: string;
  streamId: string;
  expectedVersion: number;
  events: readonly { type: string; data: unknown }[];
  fresh?: boolean;
}

/** An event's split: its subject, its data without the personal fields, and those fields. */
interface SplitPlan {
  subjectId: string;
  clear: object;
  personal: Record<string, unknown>;
}

const plansOf = (request: SealRequest): (SplitPlan | undefined)[] =>
  request.events.map((event) => splitPlan(event.type, event.data, request.streamId));

/** The subjects of `plans`, each once. */
function subjectsOf(plans: readonly (SplitPlan | undefined)[]): string[] {
  const subjects: string[] = [];
  for (const plan of plans)
    if (plan && !subjects.includes(plan.subjectId)) subjects.push(plan.subjectId);
  return subjects;
}

/** How an event is split: its subject, its data without the personal fields, and those fields. */
export function splitPlan(
  eventType: string,
  data: unknown,
  streamId: string,
): SplitPlan | undefined {
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
