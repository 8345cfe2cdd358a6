import { sameName } from '../commands/public-booking';

describe('a visitor typing the name of the student whose phone they gave', () => {
  it('is the same person with the same words, or the first ones, without case or accents', () => {
    expect(sameName('Dora Alves', 'Dora Alves')).toBe(true);
    expect(sameName('Dora Alves', 'dora')).toBe(true);
    expect(sameName('Dora', 'Dora Alves Lima')).toBe(true);
    expect(sameName('Márcio Teles', '  marcio   TELES ')).toBe(true);
  });

  it('is flagged under another name', () => {
    expect(sameName('Dora Alves', 'Márcio Teles')).toBe(false);
    expect(sameName('Dora Alves', 'Alves')).toBe(false);
    expect(sameName('Dora Alves', 'Dora Lima')).toBe(false);
    expect(sameName('Bruno Lima', 'Visitante 3')).toBe(false);
  });
});
