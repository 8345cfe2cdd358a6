import { goalsSchema } from '../../contracts/finance/api';

const refusal = (body: Record<string, unknown>) => {
  const parsed = goalsSchema.safeParse({ metaMensal: 0, metaTrimestral: 0, metaAnual: 0, ...body });
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message);
};

describe('the goals a trainer sets', () => {
  it("says a goal over numeric(12,2) is 'muito alta' (a meta is feminine), naming it", () => {
    expect(refusal({ metaMensal: 1e12 })).toEqual(['Meta mensal muito alta']);
    expect(refusal({ metaTrimestral: 1e12 })).toEqual(['Meta trimestral muito alta']);
    expect(refusal({ metaAnual: 1e12 })).toEqual(['Meta anual muito alta']);
    expect(refusal({ metaMensal: 999_999_999.99 })).toBeUndefined();
  });
});
