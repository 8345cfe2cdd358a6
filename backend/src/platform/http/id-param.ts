import { z } from 'zod';
import { NotFoundError, type NounGender } from '../errors/domain-error';

const uuid = z.uuid();

/**
 * A route's `:id`, checked: anything that is not a UUID is answered like an unknown id or another
 * tenant's, '{Entidade} não encontrado(a)', so ids reveal nothing.
 */
export function idParam(entity: string, gender: NounGender = 'masculine') {
  const notFound = (): never => {
    throw new NotFoundError(entity, gender);
  };
  return Object.assign((id: string): string => (uuid.safeParse(id).success ? id : notFound()), {
    notFound,
  });
}
