import { aBooking } from '../../../../test/support/spec-events';
import type { SessionEvent, SessionView } from '../../contracts/scheduling/events';
import { creditMovements } from '../process-managers/credits-on-attendance';

const SP = 'America/Sao_Paulo';
const SESSION = '0190f0e0-0000-7000-8000-0000000000s1';
const ANA = '0190f0e0-0000-7000-8000-0000000000a1';
const BIA = '0190f0e0-0000-7000-8000-0000000000b1';

const session: SessionView = {
  ...aBooking({
    studentId: ANA,
    // 07:00 in São Paulo.
    inicio: '2026-11-25T10:00:00.000Z',
    fim: '2026-11-25T11:00:00.000Z',
  }),
  status: 'agendada',
  confirmado: false,
  deleted: false,
  lateCancellation: null,
};
const late = { cancelLimiteHoras: 12, queimaCredito: true, taxaPercent: 0, burnsCredit: true };
const status = (
  from: SessionView['status'],
  to: SessionView['status'],
  lateCancellation: typeof late | null = null,
): SessionEvent => ({ type: 'SessionStatusChanged', data: { from, to, lateCancellation } });
const movements = (before: SessionView, event: SessionEvent) =>
  creditMovements(SESSION, before, event, SP).map(({ studentId, command }) => [
    studentId === ANA ? 'Ana' : 'Bia',
    command.type,
    command.reason,
  ]);

describe('credits on attendance (the commands each session event causes)', () => {
  it('consumes when done, naming the session in São Paulo time', () => {
    expect(movements(session, status('agendada', 'feita'))).toEqual([
      ['Ana', 'ConsumeCredit', 'Sessão de 25/11/2026 07:00'],
    ]);
  });

  it('refunds when undone, before anything else', () => {
    const done = { ...session, status: 'feita' as const };
    expect(movements(done, status('feita', 'agendada'))).toEqual([
      ['Ana', 'RefundCredit', 'Sessão desfeita: sessão de 25/11/2026 07:00'],
    ]);
    expect(movements(done, status('feita', 'cancelada', late))).toEqual([
      ['Ana', 'RefundCredit', 'Sessão desfeita: sessão de 25/11/2026 07:00'],
      [
        'Ana',
        'BurnCredit',
        'Cancelamento com menos de 12 h de antecedência: sessão de 25/11/2026 07:00',
      ],
    ]);
    expect(movements(done, { type: 'SessionDeleted', data: {} })).toEqual([
      ['Ana', 'RefundCredit', 'Sessão excluída: sessão de 25/11/2026 07:00'],
    ]);
  });

  it('burns on a late cancellation only when the policy burns credits', () => {
    expect(movements(session, status('agendada', 'cancelada', late))).toEqual([
      [
        'Ana',
        'BurnCredit',
        'Cancelamento com menos de 12 h de antecedência: sessão de 25/11/2026 07:00',
      ],
    ]);
    expect(
      movements(
        session,
        status('agendada', 'cancelada', { ...late, queimaCredito: false, burnsCredit: false }),
      ),
    ).toEqual([]);
    expect(movements(session, status('agendada', 'cancelada'))).toEqual([]);
    const burned = { ...session, status: 'cancelada' as const, lateCancellation: late };
    expect(movements(burned, status('cancelada', 'agendada'))).toEqual([
      ['Ana', 'RefundCredit', 'Cancelamento desfeito: sessão de 25/11/2026 07:00'],
    ]);
    // A cancelled session that burned nothing has nothing to give back.
    expect(movements({ ...session, status: 'cancelada' }, status('cancelada', 'agendada'))).toEqual(
      [],
    );
  });

  it("moves a done session's charge to the student it is given to", () => {
    const reassigned: SessionEvent = { type: 'SessionReassigned', data: { studentId: BIA } };
    expect(movements({ ...session, status: 'feita' }, reassigned)).toEqual([
      ['Ana', 'RefundCredit', 'Sessão passada a outro aluno: sessão de 25/11/2026 07:00'],
      ['Bia', 'ConsumeCredit', 'Sessão de 25/11/2026 07:00'],
    ]);
    expect(movements(session, reassigned)).toEqual([]);
    expect(
      movements(
        { ...session, status: 'feita' },
        { type: 'SessionReassigned', data: { locationId: null } },
      ),
    ).toEqual([]);
  });

  it('moves nothing for anything else', () => {
    expect(movements(session, { type: 'SessionDeleted', data: {} })).toEqual([]);
    expect(movements(session, { type: 'SessionNotesChanged', data: { observacoes: 'x' } })).toEqual(
      [],
    );
  });
});
