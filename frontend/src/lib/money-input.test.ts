import { formatReaisInput, parseReais, tidyReaisInput } from './money-input';

describe('amounts typed the Brazilian way', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['R$ 1.234,56', 1234.56],
    ['350', 350],
    ['350,00', 350],
    ['350,5', 350.5],
    ['12,', 12],
    ['1.234', 1234],
    ['1.234.567,89', 1234567.89],
    ['12.50', 12.5],
    ['12.5', 12.5],
    ['0,99', 0.99],
    [' 80 ', 80],
    ['-10,00', -10],
  ])('reads %p as %p', (typed, reais) => {
    expect(parseReais(typed)).toBe(reais);
  });

  it('reads a blank field as no amount', () => {
    expect(parseReais('')).toBeUndefined();
    expect(parseReais('  R$ ')).toBeUndefined();
  });

  it.each(['abc', '12,34,56', '1.23,45', '12.345.6', '1,2.3', '10 reais', '12.3456'])(
    'cannot read %p',
    (typed) => {
      expect(parseReais(typed)).toBeNaN();
    },
  );

  it('keeps three decimals as typed so the rule on centavos can refuse them', () => {
    expect(parseReais('10,555')).toBe(10.555);
  });

  it('shows amounts with two decimals and grouped thousands', () => {
    expect(formatReaisInput(1234.5)).toBe('1.234,50');
    expect(formatReaisInput(0)).toBe('0,00');
  });

  it('tidies a readable amount when the field is left, and leaves anything else as typed', () => {
    expect(tidyReaisInput('1234,5')).toBe('1.234,50');
    expect(tidyReaisInput('12.50')).toBe('12,50');
    expect(tidyReaisInput('abc')).toBe('abc');
    expect(tidyReaisInput('10,555')).toBe('10,555');
    expect(tidyReaisInput('')).toBe('');
  });
});
