import { NotFoundError } from '../../platform/errors/domain-error';

export const taskNotFound = () => new NotFoundError('Tarefa', 'feminine');
export const taskListNotFound = () => new NotFoundError('Lista', 'feminine');
