import {
  emptyPlanForm,
  formatReais,
  plansCountLabel,
  validatePlanForm,
  valuePerCreditPreview,
} from './plan-form';

const nbsp = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describe('the plan form', () => {
  it('sends the amount typed the Brazilian way in reais, and no description when blank', () => {
    expect(validatePlanForm({ ...emptyPlanForm, nome: ' Mensal ', descricao: '  ', valor: '1.234,56', creditos: '8' })).toEqual({
      data: { nome: 'Mensal', descricao: null, valor: 1234.56, creditos: 8, cobranca: { tipo: 'avulso', diaVencimento: 1 } },
    });
  });

  it("sends 'Cobrança mensal' with its due day, and says when the day is out of 1 to 28", () => {
    const mensal = { ...emptyPlanForm, nome: 'Mensal', valor: '480', creditos: '8', mensal: true };
    expect(validatePlanForm({ ...mensal, diaVencimento: '10' })).toMatchObject({
      data: { cobranca: { tipo: 'mensal', diaVencimento: 10 } },
    });
    expect(validatePlanForm({ ...mensal, diaVencimento: '31' })).toEqual({
      errors: { diaVencimento: 'Dia do vencimento deve ser um número de 1 a 28' },
    });
    expect(validatePlanForm({ ...mensal, diaVencimento: '' })).toEqual({
      errors: { diaVencimento: 'Dia do vencimento deve ser um número de 1 a 28' },
    });
  });

  it("says the contracts' messages for each field", () => {
    expect(validatePlanForm(emptyPlanForm)).toEqual({
      errors: {
        nome: 'Nome deve ter pelo menos 2 caracteres',
        valor: 'Valor deve ser maior que zero',
        creditos: 'Créditos deve ser um número positivo',
      },
    });
    expect(validatePlanForm({ ...emptyPlanForm, nome: 'A', descricao: '', valor: 'abc', creditos: '4' })).toEqual({
      errors: { nome: 'Nome deve ter pelo menos 2 caracteres', valor: 'Valor deve ser um número' },
    });
    expect(validatePlanForm({ ...emptyPlanForm, nome: 'Avulso', descricao: '', valor: '10,555', creditos: '1' })).toEqual({
      errors: { valor: 'Valor deve ter no máximo duas casas decimais' },
    });
    expect(validatePlanForm({ ...emptyPlanForm, nome: 'Avulso', descricao: '', valor: '9.999.999.999,00', creditos: '1' })).toEqual({
      errors: { valor: 'Valor muito alto' },
    });
  });

  it('refuses a plan that costs nothing, as the message says; accepts one without credits', () => {
    expect(validatePlanForm({ ...emptyPlanForm, nome: 'Cortesia', descricao: '', valor: '0', creditos: '0' })).toEqual({
      errors: { valor: 'Valor deve ser maior que zero' },
    });
    expect(validatePlanForm({ ...emptyPlanForm, nome: 'Avulso', descricao: '', valor: '90', creditos: '0' })).toEqual({
      data: { nome: 'Avulso', descricao: null, valor: 90, creditos: 0, cobranca: { tipo: 'avulso', diaVencimento: 1 } },
    });
  });

  it('previews the value per credit, R$ 0,00 without credits', () => {
    expect(nbsp(valuePerCreditPreview({ ...emptyPlanForm, valor: '350,00', creditos: '8' }))).toBe('R$ 43,75');
    expect(nbsp(valuePerCreditPreview({ ...emptyPlanForm, valor: '100', creditos: '3' }))).toBe('R$ 33,33');
    expect(nbsp(valuePerCreditPreview({ ...emptyPlanForm, valor: '350', creditos: '0' }))).toBe('R$ 0,00');
    expect(valuePerCreditPreview({ ...emptyPlanForm, valor: '350', creditos: '' })).toBeUndefined();
    expect(valuePerCreditPreview({ ...emptyPlanForm, valor: 'x', creditos: '4' })).toBeUndefined();
  });

  it('counts in the singular for one', () => {
    expect(plansCountLabel(1)).toBe('1 plano');
    expect(plansCountLabel(0)).toBe('0 planos');
    expect(plansCountLabel(3)).toBe('3 planos');
  });

  it('formats reais from the API as BRL', () => {
    expect(nbsp(formatReais(1234.5))).toBe('R$ 1.234,50');
    expect(nbsp(formatReais(0.1 + 0.2))).toBe('R$ 0,30');
  });
});
