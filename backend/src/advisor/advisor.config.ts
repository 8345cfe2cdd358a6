import { z } from 'zod';
import type { ConfigWith } from '../config/config';
import { rateLimitSetting } from '../platform/http/rate-limiter';

/**
 * The advisor answers by itself; with all three ADVISOR_LLM_* set it streams from an
 * OpenAI-compatible chat-completions provider instead (`${ADVISOR_LLM_URL}/chat/completions`).
 */
export const advisorConfigShape = {
  ADVISOR_LLM_URL: z.url().optional(),
  ADVISOR_LLM_API_KEY: z.string().min(1).optional(),
  ADVISOR_LLM_MODEL: z.string().min(1).optional(),
  /** Chat messages per trainer (a provider bills per call). */
  RATE_LIMIT_ADVISOR: rateLimitSetting('20/60'),
};

export type AdvisorConfig = ConfigWith<typeof advisorConfigShape>;
