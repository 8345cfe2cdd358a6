import { z, type ZodType } from 'zod';
import { fieldLabel } from '../../contracts/shared/field-labels';
import { ValidationError } from '../errors/domain-error';

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
};

/** pt-BR wording for the issues our schemas produce. */
function brazilianMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'é obrigatório'
        : `deve ser ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return `deve ter pelo menos ${issue.minimum} caractere(s)`;
      if (issue.origin === 'array') return `deve ter pelo menos ${issue.minimum} item(ns)`;
      return issue.inclusive
        ? `deve ser no mínimo ${issue.minimum}`
        : `deve ser maior que ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `deve ter no máximo ${issue.maximum} caractere(s)`;
      if (issue.origin === 'array') return `deve ter no máximo ${issue.maximum} item(ns)`;
      return issue.inclusive
        ? `deve ser no máximo ${issue.maximum}`
        : `deve ser menor que ${issue.maximum}`;
    case 'unrecognized_keys': {
      // The keys are the caller's: a few, shortened, never a wall of text echoed back.
      const shown = issue.keys
        .slice(0, 5)
        .map((key) => (key.length > 40 ? `${key.slice(0, 40)}…` : key));
      const more = issue.keys.length > 5 ? ` e mais ${issue.keys.length - 5}` : '';
      return `campo(s) não permitido(s): ${shown.join(', ')}${more}`;
    }
    case 'invalid_format':
      return 'está em um formato inválido';
    case 'invalid_value':
      return `deve ser um de: ${issue.values.map(String).join(', ')}`;
    default:
      return 'é inválido';
  }
}

z.config({ customError: (issue) => brazilianMessage(issue) });

/** A refinement's own code (`params: { code }`), for rules the API answers with a code of their own. */
function codeOf(issue: z.core.$ZodIssue): string | undefined {
  const code =
    issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Turns the first zod issue into a 400 naming the field, e.g. "Campo 'Quantidade' deve ser maior que 0" (the field by its pt-BR name)
 * (code validation_error, or the refinement's own: `params: { code: 'invalid_range' }`).
 */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  const label = fieldLabel(issue.path);
  // A schema's own full sentence ('Nome deve ter pelo menos 2 caracteres') already names the field.
  const isSentence = /^\p{Lu}/u.test(issue.message);
  const message = isSentence
    ? issue.message
    : field
      ? `Campo '${label || field}' ${issue.message}`
      : `Requisição inválida: ${issue.message}`;
  throw new ValidationError(message, field || undefined, codeOf(issue));
}
