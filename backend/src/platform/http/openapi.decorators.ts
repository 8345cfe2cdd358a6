import { ApiBody, ApiHeader, type SchemaObject } from '@nestjs/swagger';
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
