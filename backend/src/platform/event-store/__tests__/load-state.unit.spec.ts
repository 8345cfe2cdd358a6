import type { StoredEvent } from '../event';
import { foldStored } from '../load-state';

const counter = {
  streamType: 'counter',
  initialState: () => 0,
  evolve: (total: number, event: { type: 'Added'; data: { by: number } }) => total + event.data.by,
};

const stored = (streamType: string, version: number, by: number): StoredEvent =>
  ({
    globalPosition: 100 + version,
    streamType,
    streamVersion: version,
    eventType: 'Added',
    data: { by },
  }) as StoredEvent;

describe('foldStored (what loadState folds)', () => {
  it('folds the events in order and says where the stream stands', () => {
    expect(foldStored([stored('counter', 1, 2), stored('counter', 2, 3)], counter)).toEqual({
      state: 5,
      version: 2,
      position: 102,
    });
  });

  it('an empty stream is the initial state at version 0', () => {
    expect(foldStored([], counter)).toEqual({ state: 0, version: 0, position: 0 });
  });

  it('an id of another kind of stream folds to nothing', () => {
    expect(foldStored([stored('student', 1, 2)], counter)).toEqual({
      state: 0,
      version: 0,
      position: 0,
    });
  });

  it('a fold without a stream type takes any stream', () => {
    const { streamType: _any, ...anyStream } = counter;
    expect(foldStored([stored('student', 1, 2)], anyStream).state).toBe(2);
  });

  it('up to a position: only the events the reader saw', () => {
    const stream = [stored('counter', 1, 2), stored('counter', 2, 3), stored('counter', 3, 4)];
    expect(foldStored(stream, counter, 102)).toEqual({ state: 5, version: 2, position: 102 });
  });
});
