import { HttpStatus } from '@nestjs/common';
import { ACCOUNT_CLOSED_MESSAGE } from '../../contracts/shared/personal-data';

/**
 * An expected failure with a stable machine code and the pt-BR message the user reads.
 * Deciders return these; the global filter turns them into `{ statusCode, code, message }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number = HttpStatus.UNPROCESSABLE_ENTITY,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The gender of the noun a message names: 'Aluno não encontrado', 'Sessão não encontrada'. */
export type NounGender = 'masculine' | 'feminine';

export class NotFoundError extends DomainError {
  constructor(entity = 'Registro', gender: NounGender = 'masculine') {
    super(
      'not_found',
      `${entity} não ${gender === 'feminine' ? 'encontrada' : 'encontrado'}`,
      HttpStatus.NOT_FOUND,
    );
  }
}

/** 410: the trainer closed the account; its sign-ins, tokens and writes are refused from then on. */
export class AccountClosedError extends DomainError {
  constructor() {
    super('account_closed', ACCOUNT_CLOSED_MESSAGE, HttpStatus.GONE);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super(code, message, HttpStatus.CONFLICT);
  }
}

/** 400: bad input, naming the field; `code` is validation_error unless the rule has its own. */
export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
    code = 'validation_error',
  ) {
    super(code, message, HttpStatus.BAD_REQUEST);
  }
}

/** Answers that tell the client when to try again (`Retry-After`, in seconds). */
export interface RetryAfter {
  readonly retryAfterSeconds: number;
}

export function retryAfterOf(error: unknown): number | undefined {
  const seconds = (error as Partial<RetryAfter> | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? Math.max(1, Math.ceil(seconds))
    : undefined;
}

/** 429: the caller spent its allowance; `retryAfterSeconds` until the window frees up. */
export class TooManyRequestsError extends DomainError implements RetryAfter {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Muitas tentativas. Tente novamente em instantes.',
  ) {
    super('rate_limited', message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * 503: something the request cannot do without (Redis for rate limits and sign-in challenges)
 * did not answer in time. Refusing beats going on unguarded or keeping the client waiting.
 */
export class ServiceUnavailableError extends DomainError implements RetryAfter {
  readonly retryAfterSeconds = 5;

  constructor() {
    super(
      'service_unavailable',
      'Serviço temporariamente indisponível. Tente novamente em instantes.',
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }
}
