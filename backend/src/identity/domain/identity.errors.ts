import { HttpStatus } from '@nestjs/common';
import { ConflictError, DomainError } from '../../platform/errors/domain-error';

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('invalid_credentials', 'Email ou senha incorretos', HttpStatus.UNAUTHORIZED);
  }
}

export class EmailNotConfirmedError extends DomainError {
  constructor() {
    super('email_not_confirmed', 'Confirme seu e-mail antes de entrar.', HttpStatus.FORBIDDEN);
  }
}

export class InvalidRefreshTokenError extends DomainError {
  constructor() {
    super(
      'invalid_refresh_token',
      'Sessão expirada. Faça login novamente.',
      HttpStatus.UNAUTHORIZED,
    );
  }
}

export class UserAlreadyRegisteredError extends ConflictError {
  constructor() {
    super('user_already_registered', 'Usuário já cadastrado. Faça login.');
  }
}

export class InvalidResetTokenError extends DomainError {
  constructor() {
    super(
      'invalid_reset_token',
      'Link de redefinição inválido ou expirado.',
      HttpStatus.BAD_REQUEST,
    );
  }
}
