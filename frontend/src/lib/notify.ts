import { notifications } from '@mantine/notifications';

/** A success toast (spec 000 §8): 'Plano criado', 'Local atualizado'... */
export function notifySuccess(title: string, message?: string): void {
  notifications.show(message ? { color: 'teal', title, message } : { color: 'teal', message: title });
}

/** An error toast (spec 001 §8: 'Erro ao criar plano' with the API's message as its description). */
export function notifyError(title: string, error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : 'Ocorreu um erro inesperado.';
  notifications.show({ color: 'red', title, message });
}
