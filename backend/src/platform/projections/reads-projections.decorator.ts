import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { ValidationError } from '../errors/domain-error';
import { ReadYourWrites } from './read-your-writes';

const READS_PROJECTIONS = 'vira:readsProjections';
export const MIN_POSITION_HEADER = 'x-min-position';
export const STALE_HEADER = 'x-stale';

/**
 * Before the handler runs, waits (bounded) until `projections` have applied the position the
 * caller sent in `X-Min-Position`; answers anyway with `X-Stale: true` when they have not.
 */
@Injectable()
export class MinPositionInterceptor implements NestInterceptor {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const projections =
      this.reflector.get<string[] | undefined>(READS_PROJECTIONS, context.getHandler()) ?? [];
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers[MIN_POSITION_HEADER];
    if (header !== undefined && projections.length > 0) {
      const position =
        typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : NaN;
      if (!Number.isSafeInteger(position) || position < 1) {
        throw new ValidationError(
          "Cabeçalho 'X-Min-Position' deve ser um número inteiro positivo",
          'X-Min-Position',
        );
      }
      const fresh = await this.readYourWrites.waitFor(projections, position);
      if (!fresh) context.switchToHttp().getResponse<FastifyReply>().header(STALE_HEADER, 'true');
    }
    return next.handle();
  }
}

/** Marks a query route as reading these projections: it honours `X-Min-Position`. */
export const ReadsProjections = (...projections: string[]) =>
  applyDecorators(
    SetMetadata(READS_PROJECTIONS, projections),
    UseInterceptors(MinPositionInterceptor),
    ApiHeader({
      name: 'X-Min-Position',
      required: false,
      description:
        'Posição devolvida por um comando: a resposta espera (até ~3 s) os modelos de leitura a alcançarem; senão vem com X-Stale: true',
    }),
  );
