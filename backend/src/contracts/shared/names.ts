/** Words of a person's name, without case or accents: how two spellings of a name are compared. */
export const wordsOf = (nome: string) =>
  nome
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);

/** The first word of a person's name, as a message greets them ('Olá, Beatriz!'). */
export const firstNameOf = (nome: string): string => nome.trim().split(/\s+/)[0] || nome;
