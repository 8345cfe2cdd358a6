import { formatCpf, formatPhone } from '../../contracts/shared/br-documents';
import { formatCentavos, toCentavos } from '../../contracts/shared/money';
import type { PersonalDataExport } from '../../contracts/shared/personal-data';
import { CHARGE_STATUS_LABELS, type ChargeListStatus } from '../../contracts/charges/api';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../contracts/finance/api';
import { SESSION_STATUS_LABELS, SESSION_STATUSES } from '../../contracts/scheduling/api';
import { zonedParts } from '../../contracts/shared/time';
import { brazilianDateTime } from '../http/csv';
import { type PdfBlock, type PdfContent, renderPdf } from '../pdf/pdf-document';

type Row = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const when = (value: unknown, timeZone: string): string =>
  typeof value === 'string' ? brazilianDateTime(new Date(value), timeZone) : '—';
/** 'YYYY-MM-DD' -> 'dd/MM/yyyy' */
const day = (value: unknown): string =>
  typeof value === 'string' ? value.slice(0, 10).split('-').reverse().join('/') : '—';
const money = (value: unknown): string =>
  typeof value === 'number' || typeof value === 'string'
    ? formatCentavos(toCentavos(Number(value)))
    : '—';
const labelOf = <Key extends string>(labels: Record<Key, string>, value: unknown): string =>
  (labels as Record<string, string>)[String(value)] ?? String(value ?? '—');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Rows grouped by the month ('MM/AAAA', in `timeZone`) of their instant `column`, in order. */
function byMonth(rows: readonly Row[], column: string, timeZone: string): Map<string, Row[]> {
  const months = new Map<string, Row[]>();
  const sorted = [...rows].sort(byTime(column));
  for (const row of sorted) {
    if (typeof row[column] !== 'string') continue;
    const [year, month] = zonedParts(new Date(row[column]), timeZone).date.split('-');
    const key = `${month}/${year}`;
    months.set(key, [...(months.get(key) ?? []), row]);
  }
  return months;
}

const byTime =
  (column: string) =>
  (a: Row, b: Row): number =>
    String(a[column] ?? '').localeCompare(String(b[column] ?? ''));

/** A section: its heading, and its rows or a line saying there are none. */
function section(
  heading: string,
  rows: readonly (readonly [string, string])[],
  none: string,
): PdfBlock[] {
  return [
    { kind: 'heading', text: heading },
    rows.length > 0 ? { kind: 'fields', rows } : { kind: 'paragraph', text: none },
  ];
}

/**
 * The export read by a person rather than a program: who they are, their sessions, credits,
 * payments and the contracts they signed with the consents given, dated in `timeZone`. The JSON
 * export stays the complete record; this is its summary.
 */
export function personalDataPdfContent(data: PersonalDataExport, timeZone: string): PdfContent {
  const table = (name: string): Row[] => data.tabelas[name] ?? [];
  const student = table('students')[0] ?? {};
  const profile = table('profiles')[0] ?? {};
  const signatures = table('contract_signatures').sort(byTime('signed_at'));
  const lastSignature = signatures.at(-1) ?? {};
  const cpf = text(profile.cpf) ?? text(lastSignature.cpf);
  const phone = (value: string | undefined) => (value ? formatPhone(value) : '—');
  const personal: [string, string][] = [
    ['Nome', data.titular.nome],
    ['Telefone', phone(text(student.telefone) ?? text(profile.telefone) ?? text(lastSignature.telefone))],
    ['WhatsApp', phone(text(student.whatsapp))],
    ['E-mail', text(student.email) ?? text(profile.email) ?? '—'],
    ['CPF', cpf ? formatCpf(cpf) : '—'],
    ['Data de nascimento', text(profile.data_nascimento) ? day(profile.data_nascimento) : '—'],
    ['E-mail de acesso', table('users').map((user) => String(user.email)).join(', ') || '—'],
    ['Cadastrado em', when(student.created_at, timeZone)],
    ['Saldo de créditos', String(student.creditos ?? 0)],
    ['Observações', text(student.observacoes) ?? '—'],
  ];
  // Sessions and credits by month: years of them read as a page each, not as a thousand lines.
  const sessions = [...byMonth(table('sessions'), 'inicio', timeZone)].map(
    ([month, rows]): [string, string] => {
      const counts = SESSION_STATUSES.map((status) => ({
        status,
        count: rows.filter((row) => row.status === status).length,
      })).filter(({ count }) => count > 0);
      return [
        month,
        `${plural(rows.length, 'sessão', 'sessões')}: ${counts
          .map(({ status, count }) => `${count} ${SESSION_STATUS_LABELS[status].toLocaleLowerCase('pt-BR')}`)
          .join(', ')}`,
      ];
    },
  );
  const movements = table('credit_ledger')
    .filter((entry) => Number(entry.amount) !== 0)
    .sort((a, b) => Number(a.position) - Number(b.position));
  const credits = [...byMonth(movements, 'occurred_at', timeZone)].map(
    ([month, rows]): [string, string] => {
      const amounts = rows.map((row) => Number(row.amount));
      const added = amounts.filter((amount) => amount > 0).reduce((sum, amount) => sum + amount, 0);
      const taken = amounts.filter((amount) => amount < 0).reduce((sum, amount) => sum - amount, 0);
      return [
        month,
        [
          added > 0 && `entraram ${added}`,
          taken > 0 && `saíram ${taken}`,
          `saldo ao fim do mês ${String(rows.at(-1)?.balance_after ?? 0)}`,
        ]
          .filter(Boolean)
          .join(' · '),
      ];
    },
  );
  const payments = [
    ...table('finance_transactions').map((payment): [string, string, string] => [
      String(payment.data ?? ''),
      day(payment.data),
      [
        money(payment.valor),
        text(payment.descricao),
        labelOf<PaymentMethod>(PAYMENT_METHOD_LABELS, payment.metodo_pagamento),
        payment.status === 'estornada' ? 'Estornado' : 'Recebido',
      ]
        .filter(Boolean)
        .join(' · '),
    ]),
    ...table('charges').map((charge): [string, string, string] => [
      String(charge.created_at ?? ''),
      when(charge.created_at, timeZone),
      [
        `Cobrança ${money(charge.valor)}`,
        text(charge.plan_nome) ?? text(charge.motivo),
        labelOf<ChargeListStatus>(CHARGE_STATUS_LABELS, charge.status),
      ]
        .filter(Boolean)
        .join(' · '),
    ]),
  ]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, date, line]): [string, string] => [date, line]);
  const consents = signatures.map((signature): [string, string] => [
    when(signature.signed_at, timeZone),
    [
      `${String(signature.titulo)} (versão ${String(signature.versao)})`,
      signature.consent_terms === true ? 'aceitou os termos' : undefined,
      signature.consent_data_processing === true
        ? 'consentiu com o tratamento de dados'
        : undefined,
      `SHA-256 ${String(signature.sha256)}`,
    ]
      .filter(Boolean)
      .join(' · '),
  ]);
  return {
    title: 'Meus dados no Vira',
    subtitle: `${data.titular.nome} · gerado em ${when(data.geradoEm, timeZone)}`,
    author: 'Vira',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Resumo do que o Vira guarda sobre você (LGPD, art. 18). O arquivo JSON da mesma exportação traz todos os registros completos.',
      },
      ...section('Dados pessoais', personal, '—'),
      ...section('Sessões', sessions, 'Nenhuma sessão.'),
      ...section('Créditos', credits, 'Nenhum movimento de créditos.'),
      ...section('Pagamentos', payments, 'Nenhum pagamento ou cobrança.'),
      ...section('Contratos e consentimentos', consents, 'Nenhum contrato assinado.'),
    ],
    footer: `Titular ${data.titular.id}`,
  };
}

export const renderPersonalDataPdf = (
  data: PersonalDataExport,
  timeZone: string,
): Promise<Buffer> => renderPdf(personalDataPdfContent(data, timeZone));
