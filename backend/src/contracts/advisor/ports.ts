/** What the advisor reads of other contexts, through ports (backend only): the facts it answers from. */
import type { FinanceSeriesItem, FinanceSummary } from '../finance/api';

/** The tenant's own numbers the advisor answers from (finance and students, through their ports). */
export interface AdvisorFacts {
  /** 'YYYY-MM-DD' in the tenant's zone. */
  today: string;
  summary: FinanceSummary;
  /** Sessions still agendada this month and what they are worth (their students' plans). */
  pending: { sessions: number; valorCentavos: number };
  /** The 12 months up to this one, oldest first. */
  series: FinanceSeriesItem[];
  /** Active students with few credits left, fewest first. */
  lowBalance: { nome: string; creditos: number }[];
}

/** Students with this many credits or fewer are named as ones to renew. */
export const LOW_BALANCE_CREDITS = 1;

/** What the finance context tells the advisor: this month in the tenant's zone and the year up to it. */
export abstract class AdvisorFigures {
  abstract monthFigures(tenantId: string, now: Date): Promise<Omit<AdvisorFacts, 'lowBalance'>>;
}

/** What the students context tells the advisor: active students with `atMost` credits or fewer. */
export abstract class RenewalCandidates {
  abstract lowBalance(tenantId: string, atMost: number, limit: number): Promise<AdvisorFacts['lowBalance']>;
}
