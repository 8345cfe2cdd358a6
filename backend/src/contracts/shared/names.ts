/** Words of a person's name, without case or accents: how two spellings of a name are compared. */
export const wordsOf = (nome: string) =>
  nome
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
