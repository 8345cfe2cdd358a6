import { PassThrough } from 'node:stream';
import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { advisorApi, SSE_DONE, sseDelta } from '../contracts/advisor/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Implements, Input } from '../platform/http/implements';
import { AdvisorService } from './application/advisor.service';

/**
 * POST /api/advisor/chat: the answer as server-sent events in the chat-completions format. Checks,
 * the rate limit and a provider's refusal answer as JSON errors before the stream starts; once it
 * has started, a provider that breaks off just ends it (the chat keeps what arrived).
 */
@Controller()
export class AdvisorController {
  constructor(@Inject(AdvisorService) private readonly advisor: AdvisorService) {}

  @Implements(advisorApi.chat)
  async chat(
    @CurrentUser() user: AuthUser,
    @Input() { body }: ParsedInputOf<typeof advisorApi.chat>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    const pump = await this.advisor.answer(user, body.messages, abort.signal, new Date());
    const stream = new PassThrough();
    void reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(stream);
    await pump((piece) => stream.write(sseDelta(piece))).catch(() => undefined);
    stream.end(SSE_DONE);
  }
}
