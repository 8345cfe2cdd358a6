import {
  ACTOR_ROLE_LABELS,
  CREDIT_ENTRY_LABELS,
  type CreditHistoryItem,
} from '../../contracts/students/api';
import { toCentavos } from '../../contracts/shared/money';
import { brazilianDateTime, moneyCell, toCsv } from '../../platform/http/csv';

/** A student's credit history as the trainer's spreadsheet opens it. */
export function creditHistoryCsv(items: readonly CreditHistoryItem[], timeZone: string): string {
  return toCsv(
    ['Data', 'Movimento', 'Quantidade', 'Valor', 'Saldo', 'Por', 'Motivo', 'Sessão', 'Transação'],
    items.map((item) => [
      brazilianDateTime(new Date(item.occurredAt), timeZone),
      CREDIT_ENTRY_LABELS[item.type],
      item.amount,
      item.valor === null ? null : moneyCell(toCentavos(item.valor)),
      item.balanceAfter,
      ACTOR_ROLE_LABELS[item.actor.role] ?? item.actor.role,
      item.reason,
      item.sessionId,
      item.transactionId,
    ]),
  );
}
