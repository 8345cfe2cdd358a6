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
import type { AuthUser } from '../auth/auth-user';
import { ValidationError } from '../errors/domain-error';
import type { Checkpoint } from './checkpoint';
import { ProjectionWaker } from './projection-waker';
import { ReadYourWrites } from './read-your-writes';

const READS_PROJECTIONS = 'vira:readsProjections';
export const MIN_POSITION_HEADER = 'x-min-position';
export const STALE_HEADER = 'x-stale';

/**
 * Before the handler runs, waits (bounded) until the projections the route reads have applied the
 * caller's own last writes, or the position sent in `X-Min-Position`; answers anyway with
 * `X-Stale: true` when they have not.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @Inject(ProjectionWaker) private readonly waker: ProjectionWaker,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const projections =
      this.reflector.get<string[] | undefined>(READS_PROJECTIONS, context.getHandler()) ?? [];
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const targets = await this.targets(request, projections);
    if (targets.size > 0 && !(await this.readYourWrites.waitFor(targets))) {
      context.switchToHttp().getResponse<FastifyReply>().header(STALE_HEADER, 'true');
    }
    return next.handle();
  }

  private async targets(
    request: FastifyRequest & { user?: AuthUser },
    projections: readonly string[],
  ): Promise<Map<string, Checkpoint>> {
    if (projections.length === 0) return new Map();
    const header = request.headers[MIN_POSITION_HEADER];
    if (header === undefined) {
      return request.user
        ? this.readYourWrites.pendingWrites(request.user.userId, projections)
        : new Map();
    }
    const position = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : NaN;
    if (!Number.isSafeInteger(position) || position < 1) {
      throw new ValidationError(
        "Cabeçalho 'X-Min-Position' deve ser um número inteiro positivo",
        'X-Min-Position',
      );
    }
    const target = await this.readYourWrites.checkpointOf(position);
    if (!target) return new Map();
    // A projection that reads none of the events up to that position is only woken by its safety
    // net; wake it now so its checkpoint moves past them at once.
    this.waker.wake(projections);
    return new Map(projections.map((projection) => [projection, target]));
  }
}

/** Marks a query route as reading these projections: it reads its caller's writes. */
export const ReadsProjections = (...projections: string[]) =>
  applyDecorators(
    SetMetadata(READS_PROJECTIONS, projections),
    UseInterceptors(ReadYourWritesInterceptor),
    ApiHeader({
      name: 'X-Min-Position',
      required: false,
      description:
        'Posição devolvida por um comando feito em outro lugar: a resposta espera (até ~3 s) os modelos de leitura a alcançarem; senão vem com X-Stale: true. As escritas do próprio usuário já são esperadas sem o cabeçalho.',
    }),
  );
