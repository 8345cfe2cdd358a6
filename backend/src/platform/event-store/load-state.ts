import type { Kysely } from 'kysely';
import type { Database } from '../database/database';
import { type DomainEvent, eventOf, type StoredEvent } from './event';
import { readStream } from './event-store';

/** How a reader folds a stream: a decider, or an evolve of its own with the state it starts from. */
export interface StreamFold<Event extends DomainEvent, State> {
  /**
   * The kind of stream it folds. When given, an id of another kind of stream (a student's id sent
   * as a plan's) folds to the initial state at version 0, as a stream that does not exist.
   */
  streamType?: string;
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
}

/** A stream's state as its events fold, with where the stream stands. */
export interface LoadedState<State> {
  state: State;
  /** The version of its last event folded (0 for none): an append's expected version. */
  version: number;
  /** The global position of its last event folded (0 for none). */
  position: number;
}

/** Folds events already read (see loadState). */
export function foldStored<Event extends DomainEvent, State>(
  stream: readonly StoredEvent[],
  fold: StreamFold<Event, State>,
  upTo?: number,
): LoadedState<State> {
  // A stream of the fold's kind holds the fold's events: its decider appended every one of them.
  const isFolds = (stored: StoredEvent): stored is StoredEvent<Event> =>
    fold.streamType === undefined || stored.streamType === fold.streamType;
  const history = stream.every(isFolds)
    ? stream.filter((event) => upTo === undefined || event.globalPosition <= upTo)
    : [];
  const last = history.at(-1);
  return {
    state: history.map(eventOf).reduce(fold.evolve, fold.initialState()),
    version: last?.streamVersion ?? 0,
    position: last?.globalPosition ?? 0,
  };
}

/**
 * The one way to read a stream's current state outside the command runner: read it from the log
 * (the read models may not have it yet) and fold it; with `upTo`, only its events up to that
 * global position (the state a process manager's event saw).
 */
export async function loadState<Event extends DomainEvent, State>(
  db: Kysely<Database>,
  tenantId: string,
  streamId: string,
  fold: StreamFold<Event, State>,
  options: { upTo?: number } = {},
): Promise<LoadedState<State>> {
  return foldStored(await readStream(db, tenantId, streamId), fold, options.upTo);
}
