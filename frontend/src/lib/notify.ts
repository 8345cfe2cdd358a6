import { notifications } from '@mantine/notifications';
import { errorMessage, UNEXPECTED_ERROR_MESSAGE } from './api-error';

/** A green toast: 'Aluno excluído' / 'O aluno foi removido com sucesso.' */
export function notifySuccess(title: string, message?: string): void {
  notifications.show({ color: 'teal', title: message ? title : undefined, message: message ?? title });
}

/** A yellow toast: done, with something to know about it ('Assinatura criada sem Pix Automático' / why). */
export function notifyAttention(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message });
}

/**
 * A red toast for a failed call (spec 001 §8 "Database error mapping"): the spec's title such as
 * 'Erro ao criar aluno', the API's message as the description ('Ocorreu um erro inesperado.' for a
 * 5xx or a network failure, or the situation's own `fallback`).
 */
export function notifyError(title: string, error: unknown, fallback: string = UNEXPECTED_ERROR_MESSAGE): void {
  notifications.show({ color: 'red', title, message: errorMessage(error, fallback) });
}

/**
 * A mutation's callbacks that tell how it went: the green toast `done`, then `then` (close the
 * dialog, leave the page); or the red toast `failed` with the API's message.
 */
export function notifyOutcome(done: string, failed: string, then?: () => void) {
  return {
    onSuccess: () => {
      notifySuccess(done);
      then?.();
    },
    onError: (error: unknown) => notifyError(failed, error),
  };
}
