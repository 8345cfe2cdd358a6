import type { ErrorCodeOf } from '@contracts/shared/routes';

/**
 * An error answered by the API: `{ statusCode, code, message }` (message in pt-BR). `Code` is what
 * the operation declares it answers (`OperationError`).
 */
export class ApiError<Code extends string = string> extends Error {
  readonly statusCode: number;
  readonly code: Code;

  constructor(statusCode: number, code: Code, message: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const body: unknown = await response.json().catch(() => null);
    if (body && typeof body === 'object') {
      const { code, message } = body as { code?: unknown; message?: unknown };
      return new ApiError(
        response.status,
        typeof code === 'string' ? code : 'http_error',
        typeof message === 'string' ? message : response.statusText || 'Ocorreu um erro inesperado.',
      );
    }
    return new ApiError(response.status, 'http_error', response.statusText || 'Ocorreu um erro inesperado.');
  }
}

/** What a call of `Op` fails with: an answer of one of its declared codes, or no answer (network, a bug). */
export type OperationError<Op> = ApiError<ErrorCodeOf<Op>> | Error;

/**
 * What a `catch` around a call of `Op` caught (`unknown` to the language), typed by the codes `Op`
 * declares: `failureOf<typeof sessionsApi.change>(caught)`.
 */
export const failureOf = <Op>(caught: unknown): OperationError<Op> =>
  caught instanceof Error ? caught : new Error(String(caught));

type CodeOf<E> = E extends ApiError<infer Code> ? Code : never;

/**
 * Whether `error` is the API's answer, of `code` when given. The code must be one the operation
 * that failed declares: `error` comes typed from its mutation or query (`OperationError`).
 */
export function isApiError<E, Code extends CodeOf<E>>(error: E, code: Code): error is E & ApiError<Code>;
export function isApiError(error: unknown): error is ApiError;
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

const QUERY_RETRIES = 3;

/**
 * For queries: retry what may pass on a second try (network, 5xx) as the query client's defaults
 * do, but not an answer such as 404 or 403, which would only delay the error state.
 */
export function retryUnlessClientError(failures: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.statusCode < 500) && failures < QUERY_RETRIES;
}

/** Spec 001 §8: what a 5xx or a failed network says. */
export const UNEXPECTED_ERROR_MESSAGE = 'Ocorreu um erro inesperado.';

/**
 * The message to show for a failed call: the API's own pt-BR message for an answer it gave on
 * purpose (4xx: validation, not found, conflicts such as has_links), `fallback` for anything else
 * (a 5xx, no network, a bug).
 */
export function errorMessage(error: unknown, fallback: string = UNEXPECTED_ERROR_MESSAGE): string {
  return error instanceof ApiError && error.statusCode < 500 ? error.message : fallback;
}
