import { fieldLabel } from '../../contracts/shared/field-labels';
import { ValidationError } from '../errors/domain-error';

/** Deeper than any body the API takes; deeper input is refused before anything walks it recursively. */
export const MAX_INPUT_DEPTH = 32;

const NUL = '\u0000';
/** A UTF-16 surrogate without its pair: not text, and PostgreSQL refuses it in json/jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL cannot store NUL in text nor lone surrogates in json: such input is never valid. */
export function isStorableText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** Not a control character nor half of a surrogate pair (`Array.from` keeps real pairs whole). */
function isPrintable(character: string): boolean {
  const code = character.codePointAt(0) as number;
  return code >= 0x20 && (code < 0xd800 || code > 0xdfff);
}

/** Path segments fit for a message: short, and without the characters being refused. */
const printableSegments = (path: readonly (string | number)[]) =>
  path.map((segment) => {
    if (typeof segment === 'number') return segment;
    const text = Array.from(segment, (character) => (isPrintable(character) ? character : '?')).join('');
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  });

const shortened = (name: string) => (name.length > 120 ? `${name.slice(0, 120)}…` : name);

function invalidText(path: readonly (string | number)[]): ValidationError {
  const segments = printableSegments(path);
  return path.length > 0
    ? new ValidationError(
        `Campo '${shortened(fieldLabel(segments))}' contém caracteres inválidos`,
        shortened(segments.join('.')),
      )
    : new ValidationError('Requisição inválida: contém caracteres inválidos');
}

/**
 * The first problem of parsed input (JSON body, query string, path parameters) that no schema
 * should have to think about: a string or a key with NUL or a lone surrogate, or nesting deeper
 * than MAX_INPUT_DEPTH. Walks without recursion, so any depth the JSON parser produced is safe.
 */
export function unsafeInputProblem(input: unknown): ValidationError | undefined {
  const pending: Array<{ value: unknown; path: (string | number)[] }> = [
    { value: input, path: [] },
  ];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value === 'string') {
      if (!isStorableText(value)) return invalidText(path);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      return new ValidationError(
        `Requisição inválida: dados aninhados em mais de ${MAX_INPUT_DEPTH} níveis`,
      );
    }
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], path: [...path, index] });
      }
      continue;
    }
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index];
      if (!isStorableText(key)) return invalidText([...path, key]);
      pending.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}
