const FALLBACK_SLUG = 'personal';
const MAX_BASE_LENGTH = 60;

/** The public slug base for a trainer's name: 'Ána  Souza!' -> 'ana-souza'. */
export function slugFromName(nome: string): string {
  const slug = nome
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || FALLBACK_SLUG;
}

/** The n-th candidate for a base: 1 -> 'ana-souza', 2 -> 'ana-souza-2', ... */
export function slugCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}
