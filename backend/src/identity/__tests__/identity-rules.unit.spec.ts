import { isValidCpf } from '../../contracts/shared/br-documents';
import { slugCandidate, slugFromName } from '../domain/slug';

describe('CPF check digits', () => {
  it.each(['52998224725', '11144477735', '39053344705'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each(['52998224724', '11111111111', '1234567890', '529982247250', '5299822472a'])(
    'refuses %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );
});

describe('public slug', () => {
  it('strips accents, lower-cases and joins words with hyphens', () => {
    expect(slugFromName('Ána  Souza')).toBe('ana-souza');
    expect(slugFromName('  João da Conceição! ')).toBe('joao-da-conceicao');
    expect(slugFromName('---')).toBe('personal');
  });
  it('numbers later candidates from 2', () => {
    expect(slugCandidate('ana-souza', 1)).toBe('ana-souza');
    expect(slugCandidate('ana-souza', 2)).toBe('ana-souza-2');
  });
});
