import { ValidationError } from '../../errors/domain-error';
import { isStorableText, MAX_INPUT_DEPTH, unsafeInputProblem } from '../safe-input';

const messageOf = (input: unknown) => unsafeInputProblem(input)?.message;

describe('input PostgreSQL cannot store is refused before any handler', () => {
  it('tells NUL and lone surrogates from real text (accents, emoji)', () => {
    expect(isStorableText('João Conceição 💪')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
    expect(isStorableText('\udc00\ud800')).toBe(false);
  });

  it('names the field, however deep', () => {
    expect(messageOf({ nome: 'Ana\u0000' })).toBe("Campo 'Nome' contém caracteres inválidos");
    expect(messageOf({ email: '\ud800@exemplo.com' })).toBe(
      "Campo 'E-mail' contém caracteres inválidos",
    );
    expect(messageOf({ answers: { objetivos: ['ok', 'x\udfff'] } })).toBe(
      "Campo 'Respostas › objetivos' contém caracteres inválidos",
    );
    expect(messageOf('\u0000')).toBe('Requisição inválida: contém caracteres inválidos');
    expect(unsafeInputProblem({ nome: '\u0000' })).toBeInstanceOf(ValidationError);
    expect(unsafeInputProblem({ nome: '\u0000' })?.statusCode).toBe(400);
  });

  it('checks keys too, without echoing the bad characters', () => {
    expect(messageOf({ ['a\u0000b']: 1 })).toBe("Campo 'a?b' contém caracteres inválidos");
  });

  it('refuses absurd nesting without recursing (no stack overflow on any depth)', () => {
    let deep: unknown = 'fim';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(messageOf(deep)).toBe(
      `Requisição inválida: dados aninhados em mais de ${MAX_INPUT_DEPTH} níveis`,
    );
    let fine: unknown = 'fim';
    for (let level = 0; level < MAX_INPUT_DEPTH; level++) fine = { nivel: fine };
    expect(unsafeInputProblem(fine)).toBeUndefined();
  });

  it('lets ordinary input through', () => {
    expect(unsafeInputProblem(undefined)).toBeUndefined();
    expect(
      unsafeInputProblem({ amount: 2, reason: 'Renovação', tags: ['a', null, true] }),
    ).toBeUndefined();
  });
});
