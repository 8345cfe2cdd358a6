/**
 * What the sign-in says once, after the account was closed on this device. Kept in sessionStorage,
 * not in the route: clearing the session sends every signed-in page to /auth on its own, with a
 * state of its own.
 */
const KEY = 'vira:conta-encerrada';

export function leaveClosedAccountNotice(message: string): void {
  sessionStorage.setItem(KEY, message);
}

/** The notice left for the sign-in, if any; it is shown once. */
export function takeClosedAccountNotice(): string | null {
  const message = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return message;
}
