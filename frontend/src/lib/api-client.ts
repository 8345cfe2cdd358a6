import { STALE_HEADER } from '@contracts/shared/headers';
import type { AnswerOf, InputOf, Operation } from '@contracts/shared/routes';
import { env } from '../config/env';
import { ApiError } from './api-error';
import { isOffline, offlineError } from './network';
import { useSession } from './session-store';

/** What the client needs from the session: the current token, a way to renew it, a way to drop it. */
export interface SessionAccess {
  accessToken: () => string | null;
  refresh: () => Promise<string | null>;
  clear: () => void;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Public routes (login, signup...): no token, and a 401 is an answer, not an expired session. */
  anonymous?: boolean;
}

/** A file answered by the API (a CSV, a PDF): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named it. */
  filename: string | null;
}

/** `attachment; filename="historico.csv"` -> 'historico.csv'. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A path with its `{params}` filled in: '/plans/{id}' -> '/plans/0190...'. */
export function filledPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The operation's path with its `{params}` filled in. */
export const pathOf = (operation: Operation, params?: Record<string, string>): string =>
  filledPath(operation['~orpc'].route.path ?? '', params);

function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** How many times a read answered 404 with `X-Stale` is asked again (each waits up to ~3 s server-side). */
const STALE_READ_RETRIES = 3;

const isStaleNotFound = (response: Response) => response.status === 404 && response.headers.get(STALE_HEADER) === 'true';

/**
 * fetch for the Vira API: JSON, Bearer token, one refresh-and-retry on a 401, errors as ApiError.
 * Read-your-writes is the server's job: it makes a principal's reads wait for its own last write.
 */
export function createApiClient({ baseUrl, session }: { baseUrl: string; session: SessionAccess }) {
  async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
    // A write without a network fails at once with a message; it is not sent later behind the user's back.
    if (method !== 'GET' && isOffline()) throw offlineError();
    const url = buildUrl(baseUrl, path, options.query);
    const attempt = (token: string | null) => {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      return fetch(url, {
        method,
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    };

    let response = await attempt(options.anonymous ? null : session.accessToken());
    if (response.status === 401 && !options.anonymous) {
      const renewed = await session.refresh();
      if (!renewed) {
        session.clear();
        throw await ApiError.fromResponse(response);
      }
      response = await attempt(renewed);
      if (response.status === 401) session.clear();
    }
    // A read answered before the caller's own write reached it (the server's wait ran out on a busy
    // server) may not find what was just made: asked again, the server waits for it again.
    for (let again = 0; again < STALE_READ_RETRIES && method === 'GET' && isStaleNotFound(response); again++)
      response = await attempt(session.accessToken());
    if (!response.ok) throw await ApiError.fromResponse(response);
    return response;
  }

  async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await send(method, path, options);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** GET of a file that needs the Bearer token (a plain link could not send it). */
  async function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<DownloadedFile> {
    const response = await send('GET', path, { ...options, headers: { Accept: '*/*', ...options.headers } });
    return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('Content-Disposition')) };
  }

  /** A POST answered as a stream (server-sent events): the response, its body still unread. */
  function postStream(path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
    return send('POST', path, { ...options, body, headers: { Accept: 'text/event-stream', ...options.headers } });
  }

  /**
   * One contract operation: its method and path (params filled in) from the contract, the input's
   * query and body, the answer typed as the contract declares it.
   */
  function call<Op extends Operation>(
    operation: Op,
    input: InputOf<Op>,
    options: Omit<RequestOptions, 'body' | 'query'> = {},
  ): Promise<AnswerOf<Op>> {
    const { params, query, body } = input as { params?: Record<string, string>; query?: QueryParams; body?: unknown };
    return request<AnswerOf<Op>>(operation['~orpc'].route.method as Method, pathOf(operation, params), {
      anonymous: operation['~orpc'].meta.audience === 'public',
      ...options,
      query,
      body,
    });
  }

  /** An operation that answers a file (`fileAnswer` in its contract): its bytes and name. */
  function fetchFile<Op extends Operation>(operation: Op, input: InputOf<Op>, options: Omit<RequestOptions, 'body' | 'query'> = {}) {
    const { params, query } = input as { params?: Record<string, string>; query?: QueryParams };
    return download(pathOf(operation, params), { ...options, query });
  }

  return {
    call,
    fetchFile,
    postStream,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function sessionAccess(store: typeof useSession): SessionAccess {
  return {
    accessToken: () => store.getState().accessToken,
    refresh: () => store.getState().refresh(),
    clear: () => store.getState().clear(),
  };
}

export const api = createApiClient({ baseUrl: env.apiBaseUrl, session: sessionAccess(useSession) });
