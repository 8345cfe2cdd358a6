import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { NotFoundError } from '../errors/domain-error';
import type { AuthUser, SignedInStudent } from './auth-user';

const userOf = (context: ExecutionContext): AuthUser =>
  context.switchToHttp().getRequest<{ user: AuthUser }>().user;

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthUser => userOf(context),
);

/**
 * The signed-in student, as their access token names them (resolved once, at sign-in): an
 * account that is no student's is answered 404 'Aluno não encontrado'.
 */
export const CurrentStudent = createParamDecorator(
  (_: unknown, context: ExecutionContext): SignedInStudent => {
    const { userId, tenantId, role, studentId } = userOf(context);
    if (role !== 'aluno' || !studentId) throw new NotFoundError('Aluno');
    return { userId, tenantId, studentId };
  },
);
