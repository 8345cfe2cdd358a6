import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { MIN_POSITION_HEADER, STALE_HEADER } from '../../contracts/shared/headers';
import { readHeadersSchema } from '../../contracts/shared/routes';
import { parseOrThrow } from '../http/parse-or-throw';
import type { Checkpoint } from './checkpoint';
import { ProjectionWaker } from './projection-waker';
import { ReadYourWrites } from './read-your-writes';

const READS_PROJECTIONS = 'vira:readsProjections';

/**
 * Before the handler runs, waits (bounded) until the projections the route reads have applied the
 * caller's own last writes, or the position sent in `X-Min-Position`; answers anyway with
 * `X-Stale: true` when they have not. A guard that always lets the request through (after the
 * authentication guards, so it knows the caller): an interceptor would do the same wait but put
 * every read through Nest's interceptor chain (an rxjs pipeline and an async resource per
 * request), the largest part of Nest's own cost on a list.
 */
@Injectable()
export class ReadYourWritesGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @Inject(ProjectionWaker) private readonly waker: ProjectionWaker,
  ) {}

  async canActivate(context: ExecutionContext): Promise<true> {
    const projections =
      this.reflector.get<string[] | undefined>(READS_PROJECTIONS, context.getHandler()) ?? [];
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const targets = await this.targets(request, projections);
    if (targets.size > 0 && !(await this.readYourWrites.waitFor(targets))) {
      context.switchToHttp().getResponse<FastifyReply>().header(STALE_HEADER, 'true');
    }
    return true;
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
    const position = Number(parseOrThrow(readHeadersSchema, request.headers)[MIN_POSITION_HEADER]);
    const target = await this.readYourWrites.checkpointOf(position);
    if (!target) return new Map();
    // A projection that reads none of the events up to that position is only woken by its safety
    // net; wake it now so its checkpoint moves past them at once.
    this.waker.wake(projections);
    return new Map(projections.map((projection) => [projection, target]));
  }
}

/** The projections a route handler waits for (none for a route that reads no read model). */
export const projectionsReadBy = (handler: object): readonly string[] =>
  (Reflect.getMetadata(READS_PROJECTIONS, handler) as string[] | undefined) ?? [];

/** Marks a query route as reading these projections: it reads its caller's writes. */
export const ReadsProjections = (...projections: string[]) =>
  applyDecorators(SetMetadata(READS_PROJECTIONS, projections), UseGuards(ReadYourWritesGuard));
