import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { ValidationError } from '../platform/errors/domain-error';
// Installs the pt-BR wording of generic zod issues ('é obrigatório', ...).
import '../platform/http/zod-validation.pipe';

/**
 * Like the platform's ZodValidationPipe, but a message written as a full sentence
 * ('CPF inválido', 'A senha deve ter no mínimo 6 caracteres') is shown as is; generic
 * ones still read "Campo 'nome' é obrigatório".
 */
@Injectable()
export class IdentityValidationPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue.path.join('.');
    const isSentence = /^\p{Lu}/u.test(issue.message);
    const message = isSentence
      ? issue.message
      : field
        ? `Campo '${field}' ${issue.message}`
        : `Requisição inválida: ${issue.message}`;
    throw new ValidationError(message, field || undefined);
  }
}
