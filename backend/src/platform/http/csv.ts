/**
 * CSV as Brazilian spreadsheets open it: `;` between fields, CRLF between lines, a UTF-8 BOM so
 * accents survive. A field that could be read as a formula (=, +, -, @) is prefixed with an
 * apostrophe: what a user typed never runs in someone's spreadsheet.
 */
/** A money cell: reais with two decimals and a comma, whatever the amount ('389,90', '-10,00'). */
export interface MoneyCell {
  centavos: number;
}
export const moneyCell = (centavos: number): MoneyCell => ({ centavos });

type Cell = string | number | null | MoneyCell;

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'object') return (value.centavos / 100).toFixed(2).replace('.', ',');
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 'dd/MM/yyyy HH:mm' of an instant in `timeZone`. */
export function brazilianDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
