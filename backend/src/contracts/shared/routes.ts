import { oc } from '@orpc/contract';
import type { ContractProcedure, ErrorMap, Schema } from '@orpc/contract';
import { z } from 'zod';
import type { ChangeType } from './realtime';
import { MIN_POSITION_HEADER } from './headers';

/**
 * The vocabulary every HTTP contract is written in. An operation is declared once, as an oRPC
 * contract procedure: method, path (its `{params}` typed from the path itself), query, body, the
 * answer, and every error status with its codes. The API implements it (platform/http/implements.ts),
 * the OpenAPI document is generated from it, and the SPA calls it and derives its query keys from it.
 * Headers every route of a kind accepts (X-Min-Position on reads, Idempotency-Key on commands) and
 * the statuses any route of an audience can answer are added here, not by each contract.
 */

/** What every failure answers, the message in pt-BR. */
export const errorBodySchema = z
  .object({ statusCode: z.number().int(), code: z.string(), message: z.string() })
  .meta({ id: 'Erro' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What every command answers: the id it acted on and the global position of its last event. */
export const commandAnswerSchema = z
  .object({ id: z.string(), position: z.number().int() })
  .meta({ id: 'RespostaDeComando' });
export type CommandAnswer = z.infer<typeof commandAnswerSchema>;

/** Every list answers `{ items }`. */
export const listOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item) });
export interface ListResponse<Item> {
  items: Item[];
}

/**
 * A file the operation answers instead of JSON: a CSV, a PDF, a calendar, a stream of events. The
 * document names its media type; the SPA fetches it with `api.fetchFile`.
 */
export const fileAnswer = (mediaType: string) => z.file().mime(mediaType);

/**
 * An answer without a body (204 No Content): the document declares the status alone, and the
 * handler returns nothing.
 */
export const noBody = z.void();

/**
 * A redirect (302 with `Location`, no body): where a browser is sent, such as an e-mail link or an
 * OAuth provider's round trip. The handler sends it with `reply.redirect(...)` and returns nothing.
 */
export const redirectAnswer = z.void().describe('Redireciona (cabeçalho Location)');

/** `?flag=true|false` as a query string carries it. */
export const booleanQuery = z.enum(['true', 'false']);

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Headers of a read that waits for read models (read-your-writes). */
export const readHeadersSchema = z.object({
  [MIN_POSITION_HEADER]: z
    .string()
    .regex(/^\d{1,15}$/, "Cabeçalho 'X-Min-Position' deve ser um número inteiro positivo")
    .refine(
      (value) => Number(value) >= 1,
      "Cabeçalho 'X-Min-Position' deve ser um número inteiro positivo",
    )
    .optional()
    .describe(
      'Posição devolvida por um comando feito em outro lugar: a resposta espera (até ~3 s) os modelos de leitura a alcançarem; senão vem com X-Stale: true. As escritas do próprio usuário já são esperadas sem o cabeçalho.',
    ),
});

/** Headers every command accepts. */
export const commandHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(
      /^[\x21-\x7e]{1,200}$/,
      "Cabeçalho 'Idempotency-Key' deve ter de 1 a 200 caracteres visíveis",
    )
    .optional()
    .describe('Repetir a chave devolve a primeira resposta e não grava nada'),
});

/** Who may call an operation: anyone, a trainer, a student, or anyone signed in. */
export type Audience = 'public' | 'personal' | 'aluno' | 'signed-in';

export interface OperationMeta {
  audience: Audience;
  /** A command writes events: it answers `{ id, position }` and accepts `Idempotency-Key`. */
  command: boolean;
  /** A read that waits for the caller's writes (and `X-Min-Position`). */
  readsOwnWrites: boolean;
  /** What a command's events are told to the browsers as (contracts/shared/realtime.ts). */
  changes: readonly ChangeType[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `'/plans/{id}/x/{y}'` -> `'id' | 'y'`. */
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type ParamsOf<Path extends string> = { [Name in ParamNames<Path>]: string };

/** The error codes an operation answers beyond its audience's, with their statuses. */
export type ErrorStatuses = Record<string, number>;

interface OperationSpec<
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Answer extends z.ZodType,
  Errors extends ErrorStatuses,
> {
  summary: string;
  description?: string;
  /** Success status; 201 for a command that creates, else 200. */
  status?: number;
  query?: Query;
  body?: Body;
  /** The answer's schema; a command's default is `{ id, position }`. */
  answer?: Answer;
  errors?: Errors;
  /**
   * A command: the realtime changes its events make (contracts/shared/realtime.ts). The SPA refetches
   * after it what a socket refetches on those changes, besides the reads under its own path's first
   * segment.
   */
  changes?: readonly ChangeType[];
  /** Statuses answered with a body of their own instead of the error body (health's 503 report). */
  otherAnswers?: Record<number, z.ZodType>;
  /** A read answered from live state, not a read model: no read-your-writes wait. */
  live?: boolean;
}

/** The schemas of an operation, kept beside oRPC's definition for the types of its two ends. */
export interface OperationSchemas<Path extends string, Query, Body, Answer, Codes extends string = string> {
  path: Path;
  query: Query;
  body: Body;
  answer: Answer;
  /** Every error code it answers, with its status (its audience's and its kind's included). */
  errors: Readonly<Record<Codes, number>>;
}

/** An operation as the contracts declare it: an oRPC contract procedure and its schemas. */
export type Operation<
  Path extends string = string,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
  Codes extends string = string,
> = ContractProcedure<Schema<unknown, unknown>, Answer, ErrorMap, OperationMeta> & {
  readonly '~operation': OperationSchemas<Path, Query, Body, Answer, Codes>;
};

/** The error codes an operation answers: `isApiError(error, code)` takes only these. */
export type ErrorCodeOf<Op> = Op extends { '~operation': { errors: infer Errors } } ? keyof Errors & string : never;

const AUDIENCE_ERRORS = {
  public: {},
  'signed-in': { unauthorized: 401 },
  personal: { unauthorized: 401, forbidden: 403 },
  aluno: { unauthorized: 401, forbidden: 403 },
} as const satisfies Record<Audience, ErrorStatuses>;
/** Statuses any route can answer: bad input or headers, and PostgreSQL or Redis away. */
const ANY_ROUTE_ERRORS = {
  validation_error: 400,
  service_unavailable: 503,
  database_unavailable: 503,
} as const satisfies ErrorStatuses;
/**
 * What the body parser refuses before the route runs. Any request but a GET may carry a body (a
 * DELETE with a broken JSON one is refused the same way), so these belong to every such route.
 */
const BODY_ERRORS = {
  invalid_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
} as const satisfies ErrorStatuses;
/** What the command runner answers: a stream changed under it too often, a key reused. */
const COMMAND_ERRORS = {
  concurrent_modification: 409,
  idempotency_key_reused: 422,
} as const satisfies ErrorStatuses;

/** The codes the code below adds to an operation of that audience, method, kind and path. */
type KnownCodes<A extends Audience, M extends Method, Command extends boolean, Path extends string> =
  | keyof typeof ANY_ROUTE_ERRORS
  | (keyof (typeof AUDIENCE_ERRORS)[A] & string)
  | (M extends 'GET' ? never : keyof typeof BODY_ERRORS)
  | (Command extends true ? keyof typeof COMMAND_ERRORS : never)
  | (Path extends `${string}{${string}` ? 'not_found' : never);

/** The error map entry of a status answered with its own body: the document shows that body. */
export const OTHER_ANSWER_PREFIX = 'answer_';

const toErrorMap = (statuses: ErrorStatuses, otherAnswers: Record<number, z.ZodType> = {}): ErrorMap => ({
  ...Object.fromEntries(Object.entries(statuses).map(([code, status]) => [code, { status }])),
  ...Object.fromEntries(
    Object.entries(otherAnswers).map(([status, data]) => [
      `${OTHER_ANSWER_PREFIX}${status}`,
      { status: Number(status), data },
    ]),
  ),
});

const pathParamsSchema = (path: string) =>
  z.object(
    Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, z.string()])),
  );

/** Declares one operation of an audience, method and kind: its path and its spec. */
type Declare<A extends Audience, M extends Method, Command extends boolean> = <
  Path extends `/${string}`,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Answer extends z.ZodType = typeof commandAnswerSchema,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no codes of its own
  Errors extends ErrorStatuses = {},
>(
  path: Path,
  spec: OperationSpec<Query, Body, Answer, Errors>,
) => Operation<Path, Query, Body, Answer, KnownCodes<A, M, Command, Path> | (keyof Errors & string)>;

function operation<A extends Audience, M extends Method, Command extends boolean>(
  audience: A,
  tag: string,
  method: M,
  command: Command,
): Declare<A, M, Command> {
  return <
    Path extends `/${string}`,
    Query extends z.ZodType | undefined,
    Body extends z.ZodType | undefined,
    Answer extends z.ZodType,
    Errors extends ErrorStatuses,
  >(
    path: Path,
    spec: OperationSpec<Query, Body, Answer, Errors>,
  ) => {
    const readsOwnWrites = !command && !spec.live;
    const headers = command ? commandHeadersSchema : readsOwnWrites ? readHeadersSchema : z.object({});
    const input = z.object({
      params: pathParamsSchema(path),
      headers,
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
    });
    const errors: ErrorStatuses = {
      ...ANY_ROUTE_ERRORS,
      ...AUDIENCE_ERRORS[audience],
      ...(method !== 'GET' ? BODY_ERRORS : {}),
      ...(command ? COMMAND_ERRORS : {}),
      ...(path.includes('{') ? { not_found: 404 } : {}),
      ...spec.errors,
    };
    const answer = spec.answer ?? commandAnswerSchema;
    const procedure = oc
      .$meta<OperationMeta>({ audience, command, readsOwnWrites, changes: spec.changes ?? [] })
      .route({
        method,
        path,
        tags: [tag],
        summary: spec.summary,
        description: spec.description,
        successStatus: spec.status ?? 200,
        inputStructure: 'detailed',
      })
      .errors(toErrorMap(errors, spec.otherAnswers))
      .input(input)
      .output(answer);
    const schemas = { path, query: spec.query, body: spec.body, answer, errors };
    return Object.assign(procedure, { '~operation': schemas }) as unknown as Operation<
      Path,
      Query,
      Body,
      Answer,
      KnownCodes<A, M, Command, Path> | (keyof Errors & string)
    >;
  };
}

/** `declare` at a path fixed beforehand, `defaults` under the spec. */
const at =
  <A extends Audience, M extends Method, Command extends boolean, Path extends `/${string}`>(
    declare: Declare<A, M, Command>,
    path: Path,
    defaults: { status?: number } = {},
  ) =>
  <
    Query extends z.ZodType | undefined = undefined,
    Body extends z.ZodType | undefined = undefined,
    Answer extends z.ZodType = typeof commandAnswerSchema,
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no codes of its own
    Errors extends ErrorStatuses = {},
  >(
    spec: OperationSpec<Query, Body, Answer, Errors>,
  ) =>
    declare<Path, Query, Body, Answer, Errors>(path, { ...defaults, ...spec });

/**
 * The operations of one audience, tagged for the document: `routes('plans', 'personal').get(...)`.
 * `get` is a read; `post`, `put`, `patch` and `delete` are commands (`{ id, position }` unless the
 * spec names another answer); `postRead` is a POST that writes no events (sign-in, a chat).
 */
export function routes<A extends Audience>(tag: string, audience: A) {
  const declare = {
    get: operation(audience, tag, 'GET', false),
    post: operation(audience, tag, 'POST', true),
    put: operation(audience, tag, 'PUT', true),
    patch: operation(audience, tag, 'PATCH', true),
    delete: operation(audience, tag, 'DELETE', true),
    /** A POST that reads or streams, writing no events (sign-in, the advisor's chat). */
    postRead: operation(audience, tag, 'POST', false),
  };
  return {
    ...declare,
    /**
     * The usual operations of a collection and its items, each declared by its spec alone:
     * `list` (GET base), `create` (POST base, 201), `get`, `update` (PATCH) and `remove` (DELETE)
     * at `base/{id}`.
     */
    collection<Name extends string>(base: `/${Name}`) {
      const item = `${base}/{id}` as const;
      return {
        list: at(declare.get, base),
        create: at(declare.post, base, { status: 201 }),
        get: at(declare.get, item),
        update: at(declare.patch, item),
        remove: at(declare.delete, item),
      };
    },
  };
}

/** Optional when nothing in it is required (a path without params, a query of optional fields). */
type Part<Name extends string, Value> = object extends Value
  ? { [Key in Name]?: Value }
  : { [Key in Name]: Value };

type Parts<Op, Io extends 'input' | 'output'> =
  Op extends { '~operation': OperationSchemas<infer Path, infer Query, infer Body, unknown> }
    ? (Io extends 'input' ? Part<'params', ParamsOf<Path>> : { params: ParamsOf<Path> }) &
        (Query extends z.ZodType
          ? Io extends 'input'
            ? Part<'query', z.input<Query>>
            : { query: z.output<Query> }
          : unknown) &
        (Body extends z.ZodType
          ? Io extends 'input'
            ? Part<'body', z.input<Body>>
            : { body: z.output<Body> }
          : unknown)
    : never;

/** What a client sends: the path's params, the query and the body (headers are the client's own). */
export type InputOf<Op> = Parts<Op, 'input'>;
/** What the server parsed: the same after the schemas' transforms (reais to centavos...). */
export type ParsedInputOf<Op> = Parts<Op, 'output'>;
/** The answer's JSON. */
export type AnswerOf<Op> = Op extends { '~operation': { answer: infer Answer extends z.ZodType } }
  ? z.output<Answer>
  : never;
