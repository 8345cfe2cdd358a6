import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../lib/api-error';
import { renderAt } from '../test/render';
import { LoadError } from './load-error';

describe('a read that failed (spec 001 §8)', () => {
  it.each([
    ['a refusal the API explains (4xx): its message', new ApiError(404, 'not_found', 'Aluno não encontrado'), 'Aluno não encontrado'],
    ['a server failure (5xx)', new ApiError(500, 'internal_error', 'boom'), 'Ocorreu um erro inesperado.'],
    ['no network (the browser says it in English)', new TypeError('Failed to fetch'), 'Ocorreu um erro inesperado.'],
  ])('says %s', (_, error, said) => {
    renderAt(<LoadError title="Erro ao carregar alunos" error={error} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(`Erro ao carregar alunos${said}`);
  });

  it("tries again on 'Tentar novamente'", () => {
    const onRetry = jest.fn();
    renderAt(<LoadError title="Erro ao carregar alunos" error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
