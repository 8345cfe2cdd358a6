import { brazilianDateTime, moneyCell, toCsv } from '../csv';

describe('CSV for Brazilian spreadsheets', () => {
  it('separates with ; and CRLF, starts with a BOM, quotes what needs it and writes decimals with a comma', () => {
    expect(
      toCsv(
        ['Nome', 'Valor'],
        [
          ['Ana; Souza', 12.5],
          ['Bia "B"', null],
        ],
      ),
    ).toBe('\uFEFFNome;Valor\r\n"Ana; Souza";12,5\r\n"Bia ""B""";\r\n');
  });

  it('writes money with two decimals, always (389,90, not 389,9), negative amounts as numbers', () => {
    expect(toCsv(['Valor'], [[moneyCell(38_990)], [moneyCell(35_000)], [moneyCell(-1_050)], [moneyCell(5)]])).toBe(
      '\uFEFFValor\r\n389,90\r\n350,00\r\n-10,50\r\n0,05\r\n',
    );
  });

  it('never lets a typed field be read as a formula', () => {
    expect(toCsv(['Motivo'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)']])).toBe(
      '\uFEFFMotivo\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@SUM(A1)\r\n',
    );
  });

  it("cuts days in the tenant's time zone, whatever the server's", () => {
    const lateEvening = new Date('2026-11-22T02:30:00Z');
    expect(brazilianDateTime(lateEvening, 'America/Sao_Paulo')).toBe('21/11/2026 23:30');
    expect(brazilianDateTime(lateEvening, 'UTC')).toBe('22/11/2026 02:30');
  });
});
