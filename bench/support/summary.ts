/**
 * The end of `npm run bench`: every figure of issue 60's table, what this run measured beside the
 * figures the issue started from and its goal. A part that failed shows as failed, never as a
 * figure.
 */
import type { ThroughputRow } from '../event-store';
import type { HttpComparison } from '../http';
import type { ScreenFigures } from '../screens';
import type { SessionsBench } from '../sessions';

/** What a bench part gave: its figures, or why it failed. */
export type PartResult<T> = T | { error: string };

export const failed = <T>(result: PartResult<T> | undefined): result is { error: string } =>
  typeof result === 'object' && result !== null && 'error' in result;

export interface LagFigures {
  ratePerSecond: number;
  achievedPerSecond: number;
  readModelLagMs: { p50: number; p95: number; p99: number };
}

export interface RebuildFigures {
  results: Array<{ projection: string; eventsPerSecond: number }>;
}

export interface BenchResults {
  throughput?: PartResult<ThroughputRow[]>;
  lag?: PartResult<LagFigures[]>;
  rebuild?: PartResult<RebuildFigures>;
  http?: PartResult<HttpComparison[]>;
  agenda?: PartResult<SessionsBench>;
  screens?: PartResult<ScreenFigures>;
}

export interface SummaryRow {
  figure: string;
  /** The figures: a week before it was filed, and when it was. */
  weekAgo: string;
  filed: string;
  goal: string;
  /** This run's figure, or why there is none. */
  measured: string;
  /** Whether this run's figure meets the goal; undefined when it was not measured. */
  met?: boolean;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const thousands = (value: number) => `${Math.round(value / 100) / 10}k`;
const NOT_MEASURED = 'não medido';

/** `pick` over a part's figures, or why there are none. */
function measured<T>(
  result: PartResult<T> | undefined,
  pick: (figures: T) => { now: string; met: boolean } | undefined,
): { measured: string; met?: boolean } {
  if (result === undefined) return { measured: NOT_MEASURED };
  if (failed(result)) return { measured: `FALHOU (${result.error.split('\n')[0].slice(0, 80)})` };
  const figures = pick(result);
  return figures ? { measured: figures.now, met: figures.met } : { measured: NOT_MEASURED };
}

export function summaryRows(results: BenchResults): SummaryRow[] {
  const byClients = (rows: ThroughputRow[]) =>
    [1, 8, 32].map((n) => rows.find((r) => r.clients === n));
  const httpCase = (rows: HttpComparison[], name: string) => rows.find((row) => row.case === name);
  const agendaCase = (bench: SessionsBench, size: string) =>
    bench.reads.find((row) => row.case.includes(size) && !row.case.endsWith('1 cliente'));
  return [
    {
      figure: 'append em processo ÷ INSERT puro, 1 / 8 / 32 clientes',
      weekAgo: '0.95 / 0.89 / 0.81',
      filed: '0.51 / 0.58 / 0.59',
      goal: '≥ 0.9 em todos',
      ...measured(results.throughput, (rows) => {
        const ratios = byClients(rows).map((row) => row?.appendRatio ?? NaN);
        return { now: ratios.join(' / '), met: ratios.every((ratio) => ratio >= 0.9) };
      }),
    },
    {
      figure: 'comando em processo ÷ INSERT puro, 1 / 8 / 32',
      weekAgo: '0.67 / 0.56 / 0.59',
      filed: '0.32 / 0.52 / 1.13',
      goal: '≥ 0.7 em todos',
      ...measured(results.throughput, (rows) => {
        const ratios = byClients(rows).map((row) => row?.commandRatio ?? NaN);
        return { now: ratios.join(' / '), met: ratios.every((ratio) => ratio >= 0.7) };
      }),
    },
    {
      figure: 'um stream quente, comandos/s, 1 cliente (8 clientes)',
      weekAgo: '—',
      filed: '721',
      goal: '≥ 2.000 (8 clientes ≥ 3.000)',
      ...measured(results.throughput, (rows) => {
        const [one, eight] = byClients(rows);
        if (!one || !eight) return undefined;
        return {
          now: `${one.commandHotStreamPerSecond} (${eight.commandHotStreamPerSecond})`,
          met: one.commandHotStreamPerSecond >= 2000 && eight.commandHotStreamPerSecond >= 3000,
        };
      }),
    },
    {
      figure: 'HTTP crédito ÷ servidor INSERT puro, worker rodando',
      weekAgo: '0.19–0.21',
      filed: '0.19 (0.26 no bench)',
      goal: '≥ 0.4',
      ...measured(results.http, (rows) => {
        const grant = httpCase(rows, 'POST /api/students/:id/credits');
        return grant && { now: `${grant.ratio}`, met: grant.ratio >= 0.4 };
      }),
    },
    {
      figure: 'GET /api/students, 500 alunos ÷ bare',
      weekAgo: '—',
      filed: '0.53 (ocupada)',
      goal: '≥ 0.95',
      ...measured(results.http, (rows) => {
        const list = httpCase(rows, 'GET /api/students (500 alunos)');
        return list && { now: `${list.ratio}`, met: list.ratio >= 0.95 };
      }),
    },
    {
      figure: 'GET /api/sessions, mês de 5.000 / 50.000 + 1.000 personais ÷ bare (p99 50k÷5k)',
      weekAgo: '0.53–0.62',
      filed: '0.70 / 0.75',
      goal: '≥ 0.9, p99 plano (≤ 1.3)',
      ...measured(results.agenda, (bench) => {
        const small = agendaCase(bench, '(5.000 sessões)');
        const large = agendaCase(bench, '(50.000 sessões');
        if (!small || !large) return undefined;
        return {
          now: `${small.ratio} / ${large.ratio} (p99 ${bench.p99Growth})`,
          met: small.ratio >= 0.9 && large.ratio >= 0.9 && bench.p99Growth <= 1.3,
        };
      }),
    },
    {
      figure: 'reconstrução, eventos/s (alunos / extrato de créditos)',
      weekAgo: '29k / 39k',
      filed: '30k / 44k',
      goal: '≥ 60k ambos',
      ...measured(results.rebuild, (rebuild) => {
        const rates = ['students', 'credit_ledger'].map(
          (name) =>
            rebuild.results.find((row) => row.projection.replace(/-/g, '_') === name)
              ?.eventsPerSecond ?? NaN,
        );
        return {
          now: rates.map(thousands).join(' / '),
          met: rates.every((rate) => rate >= 60_000),
        };
      }),
    },
    {
      figure: 'dashboard no celular, CPU 4× mais lenta, interativo p50 / máx (s)',
      weekAgo: '1.86 / 2.59',
      filed: '4.4 / 5.1 (ocupada), 1.2 / 1.3 ociosa',
      goal: 'máx ≤ 2.5 com outro CI ao lado',
      ...measured(results.screens, (screens) => ({
        now: `${seconds(screens.interactive.p50)} / ${seconds(screens.interactive.max)} (${screens.apiReads.max} leituras)`,
        met: screens.interactive.max <= 2500,
      })),
    },
    {
      figure: 'atraso comando → modelo de leitura p99 a 1.000 cmd/s (ms)',
      weekAgo: '28',
      filed: 'não medido (o bench falhou)',
      goal: '< 25',
      ...measured(results.lag, (rows) => {
        const row = rows.find((lag) => lag.ratePerSecond === 1000);
        return (
          row && {
            now: `${row.readModelLagMs.p99} (obtido ${row.achievedPerSecond}/s)`,
            met: row.readModelLagMs.p99 < 25,
          }
        );
      }),
    },
  ];
}

/** The table, one line a figure: the two columns, this run, the goal and whether it is met. */
export function printSummary(results: BenchResults): void {
  const rows = summaryRows(results);
  const header = ['figura', 'há uma semana', 'na issue', 'esta execução', 'meta', ''];
  const cells = rows.map((row) => [
    row.figure,
    row.weekAgo,
    row.filed,
    row.measured,
    row.goal,
    row.met === undefined ? '' : row.met ? 'ok' : 'abaixo',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column].length)),
  );
  const line = (values: string[]) =>
    values.map((value, column) => value.padEnd(widths[column])).join(' | ');
  process.stdout.write(
    `\nIssue 60: cada figura ao lado da de partida\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}\n`,
  );
  for (const values of cells) process.stdout.write(`${line(values)}\n`);
}
