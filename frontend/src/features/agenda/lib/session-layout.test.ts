import { gridHours, gridRows, hourAxis, layoutDay } from './session-layout';

const at = (time: string) => new Date(`2030-05-06T${time}:00-03:00`).toISOString();
const session = (id: string, start: string, end: string) => ({ id, inicio: at(start), fim: at(end) });

describe('layoutDay', () => {
  it('places times in São Paulo minutes from midnight, whatever the device zone', () => {
    expect(layoutDay([session('a', '07:00', '08:30')], '2030-05-06')).toEqual([
      { item: expect.objectContaining({ id: 'a' }), start: 420, end: 510, lane: 0, lanes: 1 },
    ]);
  });

  it('puts overlapping sessions side by side and reuses a lane once it is free', () => {
    const placed = layoutDay(
      [
        session('a', '07:00', '09:00'),
        session('b', '07:30', '08:00'),
        session('c', '08:00', '08:30'), // b's lane is free again at 08:00
        session('d', '10:00', '11:00'), // a group of its own
      ],
      '2030-05-06',
    );
    const lanes = Object.fromEntries(placed.map((p) => [p.item.id, [p.lane, p.lanes]]));
    expect(lanes).toEqual({ a: [0, 2], b: [1, 2], c: [1, 2], d: [0, 1] });
  });

  it('three at once take three lanes; a session ending when another starts does not overlap it', () => {
    const placed = layoutDay(
      [session('a', '07:00', '08:00'), session('b', '07:00', '08:00'), session('c', '07:15', '07:45'), session('d', '08:00', '09:00')],
      '2030-05-06',
    );
    const lanes = Object.fromEntries(placed.map((p) => [p.item.id, [p.lane, p.lanes]]));
    expect(lanes).toEqual({ a: [0, 3], b: [1, 3], c: [2, 3], d: [0, 1] });
  });

  it('clips a session that runs past midnight to its day', () => {
    const [late] = layoutDay([{ id: 'x', inicio: at('23:30'), fim: new Date('2030-05-07T00:30:00-03:00').toISOString() }], '2030-05-06');
    expect([late.start, late.end]).toEqual([1410, 1440]);
  });
});

describe('gridHours', () => {
  it('draws 06:00 to 22:00, widened to what it shows', () => {
    expect(gridHours([])).toEqual({ first: 6, last: 22 });
    expect(gridHours([{ start: 330, end: 400 }, { start: 1350, end: 1410 }])).toEqual({ first: 5, last: 24 });
  });
});

describe('gridRows', () => {
  it('only the hours with items, plus the current hour when today is shown', () => {
    expect(gridRows([{ start: 420, end: 480 }, { start: 1110, end: 1200 }], { all: false })).toEqual([7, 18, 19]);
    expect(gridRows([{ start: 420, end: 450 }], { all: false, now: 600 })).toEqual([7, 10]);
    expect(gridRows([], { all: false })).toEqual([]);
  });

  it('all: 06:00 to 21:00 and whatever lies outside it', () => {
    expect(gridRows([{ start: 330, end: 360 }], { all: true })).toEqual(Array.from({ length: 17 }, (_, index) => 5 + index));
  });
});

describe('hourAxis', () => {
  const axis = hourAxis([7, 18, 19], 56);

  it('places minutes on the rows drawn, skipping the hours between', () => {
    expect(axis.y(7 * 60)).toBe(0);
    expect(axis.y(7 * 60 + 30)).toBe(28);
    expect(axis.y(18 * 60)).toBe(56);
    expect(axis.y(19 * 60 + 45)).toBe(56 * 2 + 42);
    expect(axis.y(8 * 60, 'end')).toBe(56);
    expect(axis.height).toBe(168);
  });

  it('reads a minute back from a pixel, clamped to the rows', () => {
    expect(axis.minutesAt(28)).toBe(7 * 60 + 30);
    expect(axis.minutesAt(56 + 14)).toBe(18 * 60 + 15);
    expect(axis.minutesAt(-20)).toBe(7 * 60);
    expect(axis.minutesAt(1_000)).toBe(20 * 60);
  });
});
