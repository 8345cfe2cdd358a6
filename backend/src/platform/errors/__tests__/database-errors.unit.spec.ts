import { toErrorBody } from '../../http/all-exceptions.filter';

const pgError = (code: string, extra: Record<string, string> = {}) =>
  Object.assign(new Error('texto do driver, nunca mostrado'), { code, ...extra });

describe('database errors in the answer (spec 001 §8 mapping)', () => {
  it.each([
    [
      pgError('23505', { constraint: 'tenants_slug_unique' }),
      409,
      'already_exists',
      'Este valor já existe (tenants_slug_unique).',
    ],
    [
      pgError('23503'),
      409,
      'has_links',
      'Não é possível remover: o registro possui vínculos. Use Inativar se disponível.',
    ],
    [
      pgError('23502', { column: 'nome' }),
      400,
      'validation_error',
      'Campo obrigatório não informado: nome.',
    ],
    [pgError('22P02'), 400, 'validation_error', 'ID ou formato inválido.'],
    [pgError('42501'), 403, 'forbidden', 'Permissão negada. Verifique se você está conectado.'],
    [
      pgError('ECONNREFUSED'),
      503,
      'database_unavailable',
      'Erro de conexão com o banco de dados. Tente novamente em instantes.',
    ],
    [
      pgError('08006'),
      503,
      'database_unavailable',
      'Erro de conexão com o banco de dados. Tente novamente em instantes.',
    ],
    [
      new Error('timeout exceeded when trying to connect'),
      503,
      'database_unavailable',
      'Erro de conexão com o banco de dados. Tente novamente em instantes.',
    ],
    [
      new Error('Client has encountered a connection error and is not queryable'),
      503,
      'database_unavailable',
      'Erro de conexão com o banco de dados. Tente novamente em instantes.',
    ],
    [pgError('XX000'), 500, 'internal_error', 'Ocorreu um erro inesperado.'],
  ])('%p -> %i %s', (error, statusCode, code, message) => {
    expect(toErrorBody(error)).toEqual({ statusCode, code, message });
  });
});
