import { HttpStatus } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';

/** 'Tarefa não encontrada', 'Lista não encontrada': NotFoundError's wording is masculine. */
export const taskNotFound = () =>
  new DomainError('not_found', 'Tarefa não encontrada', HttpStatus.NOT_FOUND);
export const taskListNotFound = () =>
  new DomainError('not_found', 'Lista não encontrada', HttpStatus.NOT_FOUND);

const uuid = z.uuid();

/** A route's `:id`: anything that is not a UUID is answered like an unknown id (see idParam). */
export function checkedId(notFound: () => DomainError) {
  const fail = (): never => {
    throw notFound();
  };
  return Object.assign((id: string): string => (uuid.safeParse(id).success ? id : fail()), {
    notFound: fail,
  });
}
