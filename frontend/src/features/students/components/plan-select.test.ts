import { planOptionLabel } from './plan-select';

describe("the 'Plano' select's options", () => {
  it("name the plan and its credits, in the singular for one: 'Aula avulsa - 1 crédito'", () => {
    expect(planOptionLabel({ nome: 'Aula avulsa', creditos: 1 })).toBe('Aula avulsa - 1 crédito');
    expect(planOptionLabel({ nome: 'Mensal 8 aulas', creditos: 8 })).toBe('Mensal 8 aulas - 8 créditos');
  });
});
