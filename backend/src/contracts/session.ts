/**
 * The cookie the SPA reads to know a session may exist (value `1`, never a secret): set and
 * cleared with the httpOnly refresh cookie, so a signed-out page load never asks for a refresh.
 * Its own module: the first page load must not pull in the zod schemas of contracts/identity.
 */
export const SESSION_MARKER_COOKIE = 'vira_session';
