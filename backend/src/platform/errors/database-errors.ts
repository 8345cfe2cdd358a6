import type { ErrorBody } from './error-catalogue';

/**
 * Spec 001 §8 "Database error mapping": what a database failure means to the user, in pt-BR. The
 * domain refuses what it knows first (validation, not found, has_links), so these are the last line
 * for what slips through: never a 500 for what the user can act on, and never the driver's text.
 */
interface PostgresError {
  code?: unknown;
  constraint?: string;
  column?: string;
  message?: unknown;
}

/** Errors of the connection itself (pg and Node), not of the statement. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  // read_only_sql_transaction: the server stopped being the primary (a failover); the pool drops
  // that connection (platform/database/failover-pool.ts) and the next one finds the new primary.
  '25006',
]);
const CONNECTION_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  // pg, on a statement sent over a connection that has already broken (and on its rollback).
  /not queryable/i,
];

export function databaseErrorBody(error: unknown): ErrorBody | undefined {
  // Not `instanceof Error`: the driver's errors may come from another realm (a VM context).
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, column, message } = error as PostgresError;
  if (
    (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) ||
    (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message)))
  ) {
    return {
      statusCode: 503,
      code: 'database_unavailable',
      message: 'Erro de conexão com o banco de dados. Tente novamente em instantes.',
    };
  }
  switch (code) {
    case '23505':
      return {
        statusCode: 409,
        code: 'already_exists',
        message: `Este valor já existe${constraint ? ` (${constraint})` : ''}.`,
      };
    case '23503':
      return {
        statusCode: 409,
        code: 'has_links',
        message: 'Não é possível remover: o registro possui vínculos. Use Inativar se disponível.',
      };
    case '23502':
      return {
        statusCode: 400,
        code: 'validation_error',
        message: `Campo obrigatório não informado${column ? `: ${column}` : ''}.`,
      };
    case '22P02':
      return { statusCode: 400, code: 'validation_error', message: 'ID ou formato inválido.' };
    case '42501':
      return {
        statusCode: 403,
        code: 'forbidden',
        message: 'Permissão negada. Verifique se você está conectado.',
      };
    default:
      return undefined;
  }
}
