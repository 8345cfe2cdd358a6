/**
 * An amount written out in Brazilian Portuguese, as a receipt states it ("a importância de ..."):
 * 45010 -> 'quatrocentos e cinquenta reais e dez centavos'. Integer centavos in, no floats.
 */

const UNITS = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
];
const TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
];

/** 1..999 */
function belowThousand(value: number): string {
  if (value === 100) return 'cem';
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(HUNDREDS[hundreds]);
  if (rest > 0 && rest < 20) parts.push(UNITS[rest]);
  if (rest >= 20) {
    const tens = TENS[Math.floor(rest / 10)];
    parts.push(rest % 10 === 0 ? tens : `${tens} e ${UNITS[rest % 10]}`);
  }
  return parts.join(' e ');
}

const SCALES: readonly [string, string][] = [
  ['', ''],
  ['mil', 'mil'],
  ['milhão', 'milhões'],
  ['bilhão', 'bilhões'],
];

/** A group that takes 'e' before it when nothing but zeros follow: below a hundred, or round hundreds. */
const joinsWithE = (group: number) => group < 100 || group % 100 === 0;

/**
 * A whole number from 0 to 999,999,999,999 in words, as Brazilian receipts and cheques write it:
 * 1_234 -> 'mil duzentos e trinta e quatro' (no comma after 'mil'), 1_001 -> 'mil e um',
 * 1_200_000 -> 'um milhão e duzentos mil', 1_234_567 -> 'um milhão, duzentos e trinta e quatro
 * mil quinhentos e sessenta e sete' (commas only between the groups above the thousands).
 */
export function integerInWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= 1e12)
    throw new RangeError(`fora do intervalo: ${value}`);
  if (value === 0) return 'zero';
  const groups: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale];
    if (group === 0) continue;
    const [one, many] = SCALES[scale];
    // 'mil', never 'um mil'.
    const number = scale === 1 && group === 1 ? '' : belowThousand(group);
    const named = [number, group === 1 ? one : many].filter(Boolean).join(' ');
    const higherGroups = groups.slice(scale + 1).some((higher) => higher > 0);
    const onlyZerosAfter = groups.slice(0, scale).every((lower) => lower === 0);
    words.push(higherGroups && onlyZerosAfter && joinsWithE(group) ? `e ${named}` : named);
  }
  // Commas between the groups but the last two ('um milhão, dois mil e três').
  return words.map((word, index) => (index < words.length - 2 ? `${word},` : word)).join(' ');
}

/** Centavos in words with the currency: 100_000_000 -> 'um milhão de reais'. */
export function amountInWords(centavos: number): string {
  if (!Number.isInteger(centavos) || centavos < 0)
    throw new RangeError(`valor inválido: ${centavos}`);
  const reais = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const parts: string[] = [];
  if (reais > 0) {
    const words = integerInWords(reais);
    // 'um milhão de reais', 'dois bilhões de reais', but 'um milhão e cem reais'.
    const roundMillions = reais >= 1_000_000 && reais % 1_000_000 === 0;
    parts.push(`${words}${roundMillions ? ' de' : ''} ${reais === 1 ? 'real' : 'reais'}`);
  }
  if (cents > 0) parts.push(`${integerInWords(cents)} ${cents === 1 ? 'centavo' : 'centavos'}`);
  if (parts.length === 0) return 'zero real';
  return parts.join(' e ');
}
