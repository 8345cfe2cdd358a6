import { PassThrough } from 'node:stream';
import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { advisorApi, SSE_DONE, sseDelta } from '../contracts/advisor/api';
import {
  type AdvisorFacts,
  AdvisorFigures,
  LOW_BALANCE_CREDITS,
  RenewalCandidates,
} from '../contracts/advisor/ports';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { APP_CONFIG } from '../config/config';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Implements, Input } from '../platform/http/implements';
import { RateLimiter } from '../platform/http/rate-limiter';
import type { AdvisorConfig } from './advisor.config';
import { builtInAnswer, streamPieces } from './domain/built-in-advisor';
import { CHAT_PROVIDER, type ChatProvider } from './infrastructure/chat-completions';

const RENEWAL_NAMES = 5;

/**
 * POST /api/advisor/chat: the answer as server-sent events in the chat-completions format. Checks,
 * the rate limit and a provider's refusal answer as JSON errors before the stream starts; once it
 * has started, a provider that breaks off just ends it (the chat keeps what arrived).
 */
@Controller()
export class AdvisorController {
  constructor(
    @Inject(AdvisorFigures) private readonly figures: AdvisorFigures,
    @Inject(RenewalCandidates) private readonly renewals: RenewalCandidates,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AdvisorConfig,
    @Inject(CHAT_PROVIDER) private readonly provider: ChatProvider | null,
  ) {}

  @Implements(advisorApi.chat)
  async chat(
    @CurrentUser() user: AuthUser,
    @Input() { body }: ParsedInputOf<typeof advisorApi.chat>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Counted whether or not Redis answers in time: a chat is never refused for Redis alone.
    await this.rateLimiter.hit('advisor', user.userId, this.config.RATE_LIMIT_ADVISOR, 'allow');
    const facts = await this.factsOf(user.tenantId);
    const abort = new AbortController();
    const stream = new PassThrough();
    reply.raw.on('close', () => abort.abort());

    let pump: () => Promise<void>;
    if (this.provider) {
      const pipe = await this.provider.open(body.messages, facts, abort.signal);
      pump = () => pipe((piece) => stream.write(sseDelta(piece)));
    } else {
      const answer = builtInAnswer(body.messages[body.messages.length - 1].content, facts);
      pump = async () => {
        for (const piece of streamPieces(answer)) stream.write(sseDelta(piece));
      };
    }
    void reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(stream);
    await pump().catch(() => undefined);
    stream.end(SSE_DONE);
  }

  private async factsOf(tenantId: string): Promise<AdvisorFacts> {
    const [month, lowBalance] = await Promise.all([
      this.figures.monthFigures(tenantId, new Date()),
      this.renewals.lowBalance(tenantId, LOW_BALANCE_CREDITS, RENEWAL_NAMES),
    ]);
    return { ...month, lowBalance };
  }
}
