/**
 * Which fields of which events are personal data, and whose: declared once per event type next to
 * its catalogue (`declarePersonalData(studentLifecycleEvents, { StudentRegistered: ... })`). The
 * event store seals those fields with the data subject's own key when it appends and opens them
 * when it reads; erasing the subject destroys the key, and the fields then read as
 * PERSONAL_DATA_REMOVED.
 */
import { z } from 'zod';
import { eventData, type EventsOf, eventTypesOf } from './event-catalogue';

/** What a personal field reads as once its subject's key is destroyed, and what screens show. */
export const PERSONAL_DATA_REMOVED = 'Titular removido';

type SubjectField<Data> = {
  [Key in keyof Data & string]: Data[Key] extends string | null | undefined ? Key : never;
}[keyof Data & string];

export interface PersonalFields<Data> {
  /**
   * Whose they are: 'stream' (the stream's id: a student's own stream) or the field of the data
   * holding the subject's id (a charge's `studentId`). No id there (null): nothing is sealed.
   */
  subject: 'stream' | SubjectField<Data>;
  fields: readonly (keyof Data & string)[];
}

export type PersonalDataOf<Catalogue> = {
  [Type in keyof Catalogue]?: PersonalFields<Catalogue[Type]>;
};

export interface DeclaredPersonalFields {
  subject: string;
  fields: readonly string[];
}

const declared = new Map<string, DeclaredPersonalFields>();

/** The personal fields of a catalogue's events, checked against it; its context's manifest lists it. */
export const declarePersonalData = <Catalogue extends object>(
  _catalogue: Catalogue,
  declarations: PersonalDataOf<Catalogue>,
): Readonly<Record<string, DeclaredPersonalFields>> =>
  declarations as Record<string, DeclaredPersonalFields>;

/**
 * Makes declarations known to the event store of this process: done once for every context by
 * `backend/src/contexts.ts`, which every process (API, worker, scripts) loads before its first
 * append, so no event type depends on some module having been imported first.
 */
export function registerPersonalData(
  declarations: Readonly<Record<string, DeclaredPersonalFields>>,
): void {
  for (const [type, declaration] of Object.entries(declarations)) {
    const known = declared.get(type);
    if (known && known !== declaration)
      throw new Error(`dados pessoais declarados duas vezes: ${type}`);
    declared.set(type, declaration);
  }
}

/** The personal fields of `eventType`, undefined when it has none. */
export const personalFieldsOf = (eventType: string): DeclaredPersonalFields | undefined =>
  declared.get(eventType);

/** Every event type with personal fields. */
export const eventTypesWithPersonalData = (): [string, DeclaredPersonalFields][] => [
  ...declared.entries(),
];

/**
 * The events of an erasure (a stream of its own, one event): every read model takes the subject's
 * personal columns out (PersonalDataErased) or the tenant's rows (AccountClosed), so a rebuild
 * from the log gives the same tables as live.
 */
export const dataErasureEvents = {
  /** A student's keys destroyed: theirs and those of their sessions' notes. */
  PersonalDataErased: eventData<{ studentId: string; subjectIds: string[] }>(),
  /** The trainer closed the account: every key of the tenant destroyed. */
  AccountClosed: eventData<Record<string, never>>(),
};
export type DataErasureEvent = EventsOf<typeof dataErasureEvents>;
export const DATA_ERASURE_EVENT_TYPES = eventTypesOf(dataErasureEvents);
export const DATA_ERASURE_STREAM_TYPE = 'data-erasure';

/**
 * Everything held about a person (LGPD art. 18, II and V): each table's rows that mention them,
 * by table name, and the events of their own stream as they read now.
 */
export const personalDataExportSchema = z
  .object({
    geradoEm: z.iso.datetime({ offset: true }),
    titular: z.object({ id: z.uuid(), nome: z.string() }),
    tabelas: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
    eventos: z.array(
      z.object({
        tipo: z.string(),
        ocorridoEm: z.iso.datetime({ offset: true }),
        dados: z.unknown(),
      }),
    ),
  })
  .meta({ id: 'ExportacaoDeDadosPessoais' });
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/** What a closed account's sign-in, token and every write after the closing answer (410). */
export const ACCOUNT_CLOSED_MESSAGE = 'Esta conta foi encerrada e não existe mais.';
