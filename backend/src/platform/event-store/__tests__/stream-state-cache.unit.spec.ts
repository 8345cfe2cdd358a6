import { StreamStateCache } from '../stream-state-cache';

describe('StreamStateCache', () => {
  const decider = {};
  const snapshot = (version: number) => ({ state: { version }, version, position: version * 10 });

  it('answers a stream only for the decider that folded it and the tenant that owns it', () => {
    const cache = new StreamStateCache();
    cache.remember('t1', 's1', decider, snapshot(3));
    expect(cache.get('t1', 's1', decider)).toEqual(snapshot(3));
    expect(cache.get('t1', 's1', {})).toBeUndefined();
    expect(cache.get('t2', 's1', decider)).toBeUndefined();
    cache.forget('t1', 's1');
    expect(cache.get('t1', 's1', decider)).toBeUndefined();
  });

  it('drops the least recently used stream beyond its capacity', () => {
    const cache = new StreamStateCache(2);
    cache.remember('t', 'a', decider, snapshot(1));
    cache.remember('t', 'b', decider, snapshot(1));
    cache.get('t', 'a', decider);
    cache.remember('t', 'c', decider, snapshot(1));
    expect(cache.size).toBe(2);
    expect(cache.get('t', 'b', decider)).toBeUndefined();
    expect(cache.get('t', 'a', decider)).toBeDefined();
    expect(cache.get('t', 'c', decider)).toBeDefined();
  });
});
