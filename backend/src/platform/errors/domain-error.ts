import { HttpStatus } from '@nestjs/common';

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

export class NotFoundError extends DomainError {
  constructor(entity = 'Registro') {
    super('not_found', `${entity} não encontrado`, HttpStatus.NOT_FOUND);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super(code, message, HttpStatus.CONFLICT);
  }
}

export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super('validation_error', message, HttpStatus.BAD_REQUEST);
  }
}
