import { dueLabel, isOverdue, repeatLabel, todayInTenantZone } from './due-label';

describe('due dates as people say them', () => {
  const today = '2026-03-10';

  it('says Hoje, Amanhã and Ontem, the weekday this year and the full date in another', () => {
    expect(dueLabel({ dataVencimento: '2026-03-10', horaVencimento: null }, today)).toBe('Hoje');
    expect(dueLabel({ dataVencimento: '2026-03-11', horaVencimento: '07:30' }, today)).toBe('Amanhã, 07:30');
    expect(dueLabel({ dataVencimento: '2026-03-09', horaVencimento: null }, today)).toBe('Ontem');
    expect(dueLabel({ dataVencimento: '2026-03-13', horaVencimento: null }, today)).toMatch(/^sexta(-feira)?, 13 de mar/);
    expect(dueLabel({ dataVencimento: '2027-01-05', horaVencimento: '18:00' }, today)).toBe('05/01/2027, 18:00');
    expect(dueLabel({ dataVencimento: null, horaVencimento: null }, today)).toBeNull();
  });

  it('marks open tasks of days gone by as overdue', () => {
    expect(isOverdue({ dataVencimento: '2026-03-09', concluida: false }, today)).toBe(true);
    expect(isOverdue({ dataVencimento: '2026-03-09', concluida: true }, today)).toBe(false);
    expect(isOverdue({ dataVencimento: '2026-03-10', concluida: false }, today)).toBe(false);
    expect(isOverdue({ dataVencimento: null, concluida: false }, today)).toBe(false);
  });

  it('names the repetition, and takes today in São Paulo', () => {
    expect(repeatLabel({ repeticao: 'semanal' })).toBe('Semanalmente');
    expect(repeatLabel({ repeticao: 'nenhuma' })).toBeNull();
    expect(todayInTenantZone(new Date('2026-03-10T02:00:00Z'))).toBe('2026-03-09');
  });
});
