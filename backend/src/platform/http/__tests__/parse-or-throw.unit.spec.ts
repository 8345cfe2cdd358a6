import { z } from 'zod';
import { ValidationError } from '../../errors/domain-error';
import { parseOrThrow } from '../parse-or-throw';

const schema = z.strictObject({
  amount: z.number().int().positive().max(1000),
  reason: z.string().min(1).max(200),
});

function messageFor(value: unknown): string {
  try {
    parseOrThrow(schema, value);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).message;
  }
  throw new Error('expected a validation error');
}

describe('parseOrThrow', () => {
  it('names the field in pt-BR', () => {
    expect(messageFor({ reason: 'x' })).toBe("Campo 'Quantidade' é obrigatório");
    expect(messageFor({ amount: 'dez', reason: 'x' })).toBe("Campo 'Quantidade' deve ser um número");
    expect(messageFor({ amount: -1, reason: 'x' })).toBe("Campo 'Quantidade' deve ser maior que 0");
    expect(messageFor({ amount: 10_000, reason: 'x' })).toBe(
      "Campo 'Quantidade' deve ser no máximo 1000",
    );
    expect(messageFor({ amount: 1, reason: '' })).toBe(
      "Campo 'Motivo' deve ter pelo menos 1 caractere(s)",
    );
  });

  it('refuses unknown fields', () => {
    expect(messageFor({ amount: 1, reason: 'x', tenantId: 'other' })).toBe(
      'Requisição inválida: campo(s) não permitido(s): tenantId',
    );
    const many = Object.fromEntries(
      Array.from({ length: 8 }, (_, index) => [`${'k'.repeat(100)}${index}`, index]),
    );
    expect(messageFor({ amount: 1, reason: 'x', ...many })).toBe(
      `Requisição inválida: campo(s) não permitido(s): ${Array(5)
        .fill(`${'k'.repeat(40)}…`)
        .join(', ')} e mais 3`,
    );
  });

  it("answers a refinement's own code when it has one, validation_error otherwise", () => {
    const range = z
      .strictObject({ inicio: z.number(), fim: z.number() })
      .refine((value) => value.fim > value.inicio, {
        message: 'O horário de término deve ser depois do início',
        path: ['fim'],
        params: { code: 'invalid_range' },
      });
    const refused = (value: unknown) => {
      try {
        parseOrThrow(range, value);
      } catch (error) {
        return error as ValidationError;
      }
      throw new Error('expected a validation error');
    };
    expect(refused({ inicio: 2, fim: 1 })).toMatchObject({
      code: 'invalid_range',
      statusCode: 400,
      field: 'fim',
      message: 'O horário de término deve ser depois do início',
    });
    expect(refused({ inicio: 'x', fim: 1 }).code).toBe('validation_error');
  });

  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { amount: 2, reason: 'Renovação' })).toEqual({
      amount: 2,
      reason: 'Renovação',
    });
  });
});
