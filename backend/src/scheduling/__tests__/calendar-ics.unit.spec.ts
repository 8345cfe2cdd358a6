import { calendarIcs, escapeText, foldLine } from '../queries/calendar-ics';

describe('iCalendar writing (RFC 5545)', () => {
  it('folds lines longer than 75 octets, never inside a character', () => {
    const line = `SUMMARY:${'Sessão de treino funcional — '.repeat(6)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const part of lines) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(lines.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:ok')).toBe('SHORT:ok');
  });

  it('escapes TEXT values and drops control characters', () => {
    expect(escapeText('Ana; Bia, e C\\D\r\nlinha 2\u0007')).toBe(
      'Ana\\; Bia\\, e C\\\\D\\nlinha 2',
    );
  });

  it('writes the times in São Paulo with TZID, whatever the server zone', () => {
    const ics = calendarIcs(
      [
        {
          id: '0190f0e0-0000-7000-8000-0000000000e1',
          inicio: new Date('2026-11-25T02:30:00.000Z'),
          fim: new Date('2026-11-25T03:30:00.000Z'),
          status: 'cancelada',
          observacoes: null,
          studentNome: null,
          locationNome: null,
          version: 3,
          updatedAt: new Date('2026-11-20T12:00:00.000Z'),
        },
      ],
      { timeZone: 'America/Sao_Paulo', now: new Date('2026-11-22T12:00:00.000Z') },
    );
    expect(ics).toContain('\r\nDTSTART;TZID=America/Sao_Paulo:20261124T233000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=America/Sao_Paulo:20261125T003000\r\n');
    expect(ics).toContain('\r\nTZOFFSETTO:-0300\r\n');
    expect(ics).toContain('\r\nSUMMARY:Aluno não encontrado\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261120T120000Z\r\n');
    expect(ics).not.toContain('LOCATION:');
  });
});
