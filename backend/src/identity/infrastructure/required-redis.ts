import { Logger } from '@nestjs/common';
import { ServiceUnavailableError } from '../../platform/errors/domain-error';
import { withTimeout } from '../../platform/queue/redis';

const logger = new Logger('Redis');

/**
 * A Redis call the request cannot do without (a sign-in challenge, a provider sign-in's state):
 * at most `timeoutMs`, then a 503 — never a hang, never a 500.
 */
export async function requiredRedis<T>(call: Promise<T>, timeoutMs: number): Promise<T> {
  try {
    return await withTimeout(call, timeoutMs);
  } catch (error) {
    logger.warn(`Redis indisponível: ${String(error)}`);
    throw new ServiceUnavailableError();
  }
}
