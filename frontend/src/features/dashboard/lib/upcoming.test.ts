import { upcomingLine } from './upcoming';

describe('upcomingLine', () => {
  // 21:30 in São Paulo is already the next day in UTC and in Tokyo: the line still says 21:30 of today.
  const now = new Date('2030-05-06T12:00:00-03:00');

  it('shows the time and the day in São Paulo, whatever the device zone', () => {
    expect(
      upcomingLine({ id: 'a', inicio: '2030-05-07T00:30:00.000Z', studentNome: 'Ana', locationId: 'l1', locationNome: 'Academia' }, now),
    ).toEqual({ id: 'a', time: '21:30', day: 'Hoje', student: 'Ana', location: 'Academia' });
    expect(upcomingLine({ id: 'b', inicio: '2030-05-07T10:00:00.000Z', studentNome: 'Bia', locationId: 'l2', locationNome: 'Parque' }, now).day).toBe(
      'Amanhã',
    );
    expect(upcomingLine({ id: 'c', inicio: '2030-05-20T10:00:00.000Z', studentNome: 'Bia', locationId: 'l2', locationNome: 'Parque' }, now)).toMatchObject({
      time: '07:00',
      day: '20/05',
    });
  });

  it("names a student or a location that is not there, and a session without a place 'Sem local'", () => {
    expect(
      upcomingLine({ id: 'd', inicio: '2030-05-06T18:00:00.000Z', studentNome: null, locationId: 'l9', locationNome: null }, now),
    ).toMatchObject({ student: 'Aluno não encontrado', location: 'Local não encontrado' });
    expect(
      upcomingLine({ id: 'e', inicio: '2030-05-06T18:00:00.000Z', studentNome: 'Ana', locationId: null, locationNome: null }, now).location,
    ).toBe('Sem local');
  });
});
