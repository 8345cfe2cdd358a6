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

/** A student's sign-up from an invite with an e-mail that already has an account (spec 001 §8). */
export class EmailAlreadyRegisteredError extends ConflictError {
  constructor() {
    super('user_already_registered', 'Este email já está cadastrado');
  }
}

export class StudentHasAccountError extends ConflictError {
  constructor() {
    super('student_has_account', 'Este aluno já tem uma conta no Vira.');
  }
}

export class InvalidInviteError extends DomainError {
  constructor() {
    super('convite_invalido', 'Convite inválido ou expirado', HttpStatus.NOT_FOUND);
  }
}
