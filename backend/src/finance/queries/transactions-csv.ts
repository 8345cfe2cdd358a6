import { PAYMENT_METHOD_LABELS, type Transaction, TRANSACTION_TIPO_LABELS } from '../../contracts/finance/api';
import { toCentavos } from '../../contracts/shared/money';
import { moneyCell, toCsv } from '../../platform/http/csv';

/** 'YYYY-MM-DD' -> 'dd/MM/yyyy' */
const brazilianDate = (date: string) =>
  `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** A month's transactions as the trainer's spreadsheet opens them (voided ones marked). */
export function transactionsCsv(items: readonly Transaction[]): string {
  return toCsv(
    ['Data', 'Tipo', 'Descrição', 'Meio', 'Valor', 'Situação'],
    items.map((item) => [
      brazilianDate(item.data),
      TRANSACTION_TIPO_LABELS[item.tipo],
      item.descricao,
      PAYMENT_METHOD_LABELS[item.metodoPagamento],
      moneyCell(toCentavos(item.valor)),
      item.status === 'estornada' ? 'Estornada' : 'Ativa',
    ]),
  );
}
