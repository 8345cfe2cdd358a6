import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config';
import type { ChatMessage } from '../../contracts/advisor/api';
import {
  type AdvisorFacts,
  AdvisorFigures,
  LOW_BALANCE_CREDITS,
  RenewalCandidates,
} from '../../contracts/advisor/ports';
import type { AuthUser } from '../../platform/auth/auth-user';
import { RateLimiter } from '../../platform/http/rate-limiter';
import type { AdvisorConfig } from '../advisor.config';
import { builtInAnswer, streamPieces } from '../domain/built-in-advisor';
import { CHAT_PROVIDER, type ChatProvider } from '../infrastructure/chat-completions';

const RENEWAL_NAMES = 5;

/** Hands each piece of the answer to `onPiece`; resolves when the answer ends or breaks off. */
export type AnswerPump = (onPiece: (piece: string) => void) => Promise<void>;

/**
 * The 'Consultor Financeiro': the trainer's question answered with the month's figures and the
 * students to renew, by the configured provider or the built-in advisor.
 */
@Injectable()
export class AdvisorService {
  constructor(
    @Inject(AdvisorFigures) private readonly figures: AdvisorFigures,
    @Inject(RenewalCandidates) private readonly renewals: RenewalCandidates,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AdvisorConfig,
    @Inject(CHAT_PROVIDER) private readonly provider: ChatProvider | null,
  ) {}

  /**
   * Counts the message, then opens the answer: a refusal (the limit, the provider's) throws here,
   * before anything is sent; what the returned pump meets later only ends the answer.
   */
  async answer(
    user: AuthUser,
    messages: readonly ChatMessage[],
    signal: AbortSignal,
    now: Date,
  ): Promise<AnswerPump> {
    // Counted whether or not Redis answers in time: a chat is never refused for Redis alone.
    await this.rateLimiter.hit('advisor', user.userId, this.config.RATE_LIMIT_ADVISOR, 'allow');
    const facts = await this.factsOf(user.tenantId, now);
    if (this.provider) return this.provider.open(messages, facts, signal);
    const answer = builtInAnswer(messages[messages.length - 1].content, facts);
    return async (onPiece) => {
      for (const piece of streamPieces(answer)) onPiece(piece);
    };
  }

  private async factsOf(tenantId: string, now: Date): Promise<AdvisorFacts> {
    const [month, lowBalance] = await Promise.all([
      this.figures.monthFigures(tenantId, now),
      this.renewals.lowBalance(tenantId, LOW_BALANCE_CREDITS, RENEWAL_NAMES),
    ]);
    return { ...month, lowBalance };
  }
}
