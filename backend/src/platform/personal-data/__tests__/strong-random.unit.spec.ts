import { strongRandomBytes } from '../strong-random';

describe('strongRandomBytes', () => {
  it('answers distinct draws of the size asked, across refills of its pool', () => {
    const draws = Array.from({ length: 400 }, () => strongRandomBytes(32).toString('hex'));
    expect(draws.every((draw) => draw.length === 64)).toBe(true);
    expect(new Set(draws).size).toBe(draws.length);
  });

  it('hands out its own copy of the bytes it wipes from the pool', () => {
    const draws = Array.from({ length: 200 }, () => strongRandomBytes(32));
    expect(draws.some((draw) => draw.equals(Buffer.alloc(32)))).toBe(false);
  });

  it('refuses more than its pool holds', () => {
    expect(() => strongRandomBytes(4097)).toThrow(RangeError);
  });
});
