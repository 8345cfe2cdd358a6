import { applyDecorators, HttpCode } from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOperation,
  type ApiOperationOptions,
  type SchemaObject,
} from '@nestjs/swagger';
import { z, type ZodType } from 'zod';

/** The body's OpenAPI schema straight from the zod schema that validates it. */
export const ApiZodBody = (schema: ZodType) => {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  return ApiBody({ schema: jsonSchema as SchemaObject });
};

/** Documents the `Idempotency-Key` header a command accepts. */
export const ApiIdempotencyKey = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repetir a chave devolve a primeira resposta e não grava nada',
  });

/**
 * A command's route: its HTTP status, its OpenAPI operation and body (the zod schema the route's
 * ZodValidationPipe validates with), and the `Idempotency-Key` header every command accepts.
 */
export const CommandRoute = (status: number, operation: ApiOperationOptions, body?: ZodType) =>
  applyDecorators(
    HttpCode(status),
    ApiOperation(operation),
    ...(body ? [ApiZodBody(body)] : []),
    ApiIdempotencyKey(),
  );
