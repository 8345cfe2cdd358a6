import {
  parseBrazilianNumber,
  parseList,
  parseOnboardingAnswers,
  parseYesNo,
} from '../domain/onboarding-answers';

describe('onboarding answers parser', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['5.000', 5000],
    ['R$ 350', 350],
    ['2.5', 2.5],
    ['abc', 0],
    ['', 0],
    ['12', 12],
    ['R$ 5.000,00', 5000],
    ['350,5', 350.5],
    ['1.234.567', 1234567],
    ['uns 30 alunos', 30],
  ])('reads the amount %p as %p', (answer, expected) => {
    expect(parseBrazilianNumber(answer)).toBe(expected);
  });

  it.each([
    ['sim', true],
    ['S', true],
    [' s ', true],
    ['Sim, sempre', true],
    ['acho que sim', true],
    ['não sei', false],
    ['não', false],
    ['simples', false],
    ['às vezes', false],
  ])('reads %p as yes=%p', (answer, expected) => {
    expect(parseYesNo(answer)).toBe(expected);
  });

  it('splits lists on commas, trimmed and lower-case', () => {
    expect(parseList('pix, Cartão ,dinheiro')).toEqual(['pix', 'cartão', 'dinheiro']);
    expect(parseList('Pix,, ')).toEqual(['pix']);
  });

  it('turns the 11 raw answers into onboarding_data', () => {
    expect(
      parseOnboardingAnswers({
        alunos_ativos: '25 alunos',
        tipo_atendimento: ' Presencial e online ',
        ticket_medio_mensal: 'R$ 350',
        formas_cobranca: 'pix, Cartão ,dinheiro',
        emite_recibo: 'S',
        faturamento_mensal_medio: '8.750,00',
        tipo_planos: 'Mensal',
        faz_desconto: 'não sei',
        tem_politica_cancelamento: 'sim',
        objetivos: 'Reserva, Viajar',
        meta_faturamento_6meses: '15.000',
      }),
    ).toEqual({
      alunos_ativos: 25,
      tipo_atendimento: 'Presencial e online',
      ticket_medio_mensal: 350,
      formas_cobranca: ['pix', 'cartão', 'dinheiro'],
      emite_recibo: true,
      faturamento_mensal_medio: 8750,
      tipo_planos: 'Mensal',
      faz_desconto: false,
      tem_politica_cancelamento: true,
      objetivos: ['reserva', 'viajar'],
      meta_faturamento_6meses: 15000,
    });
  });
});
