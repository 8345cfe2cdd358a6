import {
  applyDecorators,
  createParamDecorator,
  Delete,
  type ExecutionContext,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { AnswerOf, Operation, ParsedInputOf } from '../../contracts/shared/routes';
import { Public } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';
import { parseOrThrow } from './parse-or-throw';

const OPERATION = 'vira:operation';

/** An implemented operation and where: the OpenAPI document lists exactly these. */
export interface Implementation {
  operation: Operation;
  /** `<tag>.<method name>`, e.g. `plans.list`: the document's operationId. */
  operationId: string;
  /** The controller method that implements it. */
  handler: object;
}
const implementations: Implementation[] = [];

/** Every operation a loaded controller implements, in the order they were declared. */
export const implementedOperations = (): readonly Implementation[] => implementations;

const METHODS = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete } as const;

/** '/plans/{id}' -> 'plans/:id' (under the global /api prefix). */
const nestPath = (path: string) => path.slice(1).replace(/\{(\w+)\}/g, ':$1');

/** What a file answer's handler returns: the bytes or the text, sent as they are. */
type FileBody = string | Buffer | Uint8Array;
/** What a handler must return for an operation: its answer, or the file it sends. */
type HandlerAnswer<Op> = Op extends { '~operation': { answer: { def: { type: 'file' } } } }
  ? FileBody | void
  : AnswerOf<Op>;

/**
 * A controller method implements one contract operation: its method and path, its success status
 * and who may call it (the contract's audience: `@Public()` or `@Roles(...)`) come from the
 * contract, and a method whose answer differs from the contract's does not compile.
 */
export function Implements<Op extends Operation>(operation: Op) {
  const { route, meta } = operation['~orpc'];
  const method = route.method as keyof typeof METHODS;
  const access =
    meta.audience === 'public'
      ? Public()
      : Roles(...(meta.audience === 'signed-in' ? (['personal', 'aluno'] as const) : [meta.audience]));
  const decorators = applyDecorators(
    METHODS[method](nestPath(route.path ?? '/')),
    HttpCode(route.successStatus ?? 200),
    SetMetadata(OPERATION, operation),
    access,
  );
  return <Handler extends (...args: never[]) => HandlerAnswer<Op> | Promise<HandlerAnswer<Op>>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Handler>,
  ): void => {
    decorators(target, key, descriptor);
    implementations.push({
      operation,
      operationId: `${route.tags?.[0]}.${String(key)}`,
      handler: descriptor.value as object,
    });
  };
}

/** The operation a handler implements (the `@Input()` decorator and tests). */
export const operationOf = (handler: object): Operation | undefined =>
  Reflect.getMetadata(OPERATION, handler) as Operation | undefined;

/**
 * The request parsed with the operation's own schemas, `{ params, query, body }` (headers are
 * checked by the platform pieces that read them, with the same schemas). A bad value is a 400 in
 * pt-BR naming the field (`Campo 'Quantidade' ...`, or the schema's own sentence); an absent body is an
 * empty one, so a missing field is named.
 */
export function parseInput<Op extends Operation>(
  operation: Op,
  request: Pick<FastifyRequest, 'params' | 'query' | 'body'>,
): ParsedInputOf<Op> {
  const { query, body } = operation['~operation'];
  const part = <T>(schema: ZodType<T> | undefined, value: unknown): T | undefined =>
    schema === undefined ? undefined : parseOrThrow(schema, value);
  return {
    params: request.params ?? {},
    query: part(query as ZodType | undefined, request.query ?? {}),
    body: part(body as ZodType | undefined, request.body === undefined ? {} : request.body),
  } as unknown as ParsedInputOf<Op>;
}

/**
 * `@Input() input: ParsedInputOf<typeof plansApi.update>`: the implemented operation's parsed input.
 * Path params arrive as strings; an id that is not a UUID is answered 404 by the handler's `idParam`.
 */
export const Input = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const operation = operationOf(context.getHandler());
  if (!operation) throw new Error('@Input() fora de um método com @Implements(...)');
  return parseInput(operation, context.switchToHttp().getRequest<FastifyRequest>());
});
