import type { Session } from '@contracts/scheduling/api';
import { bookInput, changeInput, emptySessionForm, sessionFormValues } from './session-form';

const studentId = '0190a0a0-0000-7000-8000-000000000001';
const filled = { ...emptySessionForm('2030-05-06', '07:00'), studentId };

// Run under TZ=UTC and TZ=Asia/Tokyo by `npm test`: what is typed is São Paulo's wall clock.
describe('bookInput', () => {
  it('turns the typed day and times into São Paulo instants', () => {
    expect(bookInput({ ...filled, observacoes: '  ' })).toEqual({
      data: {
        studentId,
        locationId: null,
        inicio: '2030-05-06T10:00:00.000Z',
        fim: '2030-05-06T11:00:00.000Z',
        observacoes: null,
      },
    });
  });

  it('an end at 00:00 is the midnight after the day', () => {
    const checked = bookInput({ ...filled, inicio: '23:00', fim: '00:00' });
    expect(checked).toMatchObject({ data: { inicio: '2030-05-07T02:00:00.000Z', fim: '2030-05-07T03:00:00.000Z' } });
  });

  it('names the missing fields (spec 000 §5) and an end not after the start', () => {
    expect(bookInput({ ...filled, studentId: '', inicio: '' })).toEqual({
      errors: { studentId: 'Selecione o aluno', inicio: 'Informe o início' },
      required: true,
    });
    expect(bookInput({ ...filled, fim: '06:30' })).toMatchObject({
      errors: { fim: 'O horário de término deve ser depois do início' },
    });
  });

  it('sends the repeat the trainer chose, checked with the API bounds', () => {
    expect(bookInput({ ...filled, repeat: true, weeks: 6 })).toMatchObject({ data: { repeat: { weeks: 6 } } });
    expect(bookInput({ ...filled, repeat: true, repeatKind: 'until', until: '2030-06-30' })).toMatchObject({
      data: { repeat: { until: '2030-06-30' } },
    });
    expect(bookInput({ ...filled, repeat: true, weeks: 60 })).toMatchObject({
      errors: { weeks: 'Repita por no máximo 52 semanas' },
    });
  });
});

describe('changeInput', () => {
  const session: Session = {
    id: 's1',
    studentId,
    studentNome: 'Ana',
    locationId: null,
    locationNome: null,
    inicio: '2030-05-07T01:30:00.000Z', // 22:30 on 6 May in São Paulo
    fim: '2030-05-07T02:30:00.000Z',
    status: 'agendada',
    confirmado: true,
    nomeInformado: null,
    observacoes: null,
    seriesId: null,
    confirmadoPeloAluno: false,
    remarcarPedido: false,
    lembrete: null,
  };

  it('reads the session back as typed in São Paulo', () => {
    expect(sessionFormValues(session)).toMatchObject({ date: '2030-05-06', inicio: '22:30', fim: '23:30' });
  });

  it('sends only what changed', () => {
    const values = sessionFormValues(session);
    expect(changeInput(session, values)).toEqual({ unchanged: true });
    expect(changeInput(session, { ...values, status: 'feita' })).toEqual({ data: { status: 'feita' } });
    expect(changeInput(session, { ...values, inicio: '21:30', fim: '22:30' })).toEqual({
      data: { inicio: '2030-05-07T00:30:00.000Z', fim: '2030-05-07T01:30:00.000Z' },
    });
  });
});
