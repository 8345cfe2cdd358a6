import { amountInWords, integerInWords } from '../amount-in-words';

describe('amount in words (pt-BR)', () => {
  it.each([
    [1, 'um'],
    [16, 'dezesseis'],
    [21, 'vinte e um'],
    [100, 'cem'],
    [101, 'cento e um'],
    [110, 'cento e dez'],
    [999, 'novecentos e noventa e nove'],
    [1_000, 'mil'],
    [1_001, 'mil e um'],
    [1_100, 'mil e cem'],
    [1_230, 'mil, duzentos e trinta'],
    [2_500, 'dois mil e quinhentos'],
    [21_000, 'vinte e um mil'],
    [100_000, 'cem mil'],
    [1_000_000, 'um milhão'],
    [2_000_001, 'dois milhões e um'],
    [1_234_567, 'um milhão, duzentos e trinta e quatro mil, quinhentos e sessenta e sete'],
  ])('%d is "%s"', (value, words) => {
    expect(integerInWords(value)).toBe(words);
  });

  it.each([
    [45_000, 'quatrocentos e cinquenta reais'],
    [45_010, 'quatrocentos e cinquenta reais e dez centavos'],
    [100, 'um real'],
    [101, 'um real e um centavo'],
    [1, 'um centavo'],
    [30, 'trinta centavos'],
    [0, 'zero real'],
    [100_000_000, 'um milhão de reais'],
    [100_000_100, 'um milhão e um reais'],
    [150_000, 'mil e quinhentos reais'],
  ])('%d centavos are "%s"', (centavos, words) => {
    expect(amountInWords(centavos)).toBe(words);
  });

  it('refuses what is not a whole number of centavos', () => {
    expect(() => amountInWords(0.5)).toThrow(RangeError);
    expect(() => amountInWords(-1)).toThrow(RangeError);
  });
});
