import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config';
import type { CepAddress } from '../../contracts/locations/api';
import { DomainError } from '../../platform/errors/domain-error';
import { REDIS } from '../../platform/queue/queue.module';
import { withTimeout } from '../../platform/queue/redis';
import type { LocationsConfig } from '../locations.config';

const SERVICE_TIMEOUT_MS = 3_000;
const CACHE_TIMEOUT_MS = 250;
const FOUND_TTL_SECONDS = 24 * 60 * 60;
const NOT_FOUND_TTL_SECONDS = 60 * 60;
const NOT_FOUND = 'not-found';

export const cepNotFound = () =>
  new DomainError('cep_not_found', 'CEP não encontrado', HttpStatus.NOT_FOUND);
const cepUnavailable = () =>
  new DomainError('cep_unavailable', 'Erro ao buscar CEP', HttpStatus.SERVICE_UNAVAILABLE);

interface ViaCepAnswer {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
}

/**
 * Postal codes through a ViaCEP-compatible service, with a 3 s timeout, cached in Redis for a
 * day (an unknown CEP for an hour). The cache is a help, never a dependency: Redis down means a
 * lookup at the service.
 */
@Injectable()
export class CepLookup {
  private readonly logger = new Logger(CepLookup.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: LocationsConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async lookup(cep: string): Promise<CepAddress> {
    const key = `${this.config.REDIS_PREFIX}:cep:${cep}`;
    const cached = await withTimeout(this.redis.get(key), CACHE_TIMEOUT_MS).catch(() => null);
    if (cached === NOT_FOUND) throw cepNotFound();
    if (cached) return JSON.parse(cached) as CepAddress;

    const address = await this.ask(cep);
    await withTimeout(
      this.redis.set(
        key,
        address ? JSON.stringify(address) : NOT_FOUND,
        'EX',
        address ? FOUND_TTL_SECONDS : NOT_FOUND_TTL_SECONDS,
      ),
      CACHE_TIMEOUT_MS,
    ).catch(() => undefined);
    if (!address) throw cepNotFound();
    return address;
  }

  /** The service's answer; undefined when it does not know the CEP. */
  private async ask(cep: string): Promise<CepAddress | undefined> {
    let answer: ViaCepAnswer;
    try {
      const response = await fetch(`${this.config.CEP_SERVICE_URL}/${cep}/json/`, {
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (response.status === 400 || response.status === 404) return undefined;
      if (!response.ok) throw new Error(`status ${response.status}`);
      answer = (await response.json()) as ViaCepAnswer;
    } catch (error) {
      this.logger.warn(`serviço de CEP indisponível: ${String(error)}`);
      throw cepUnavailable();
    }
    if (answer.erro === true || answer.erro === 'true') return undefined;
    return {
      cep: (answer.cep ?? cep).replace(/\D/g, ''),
      logradouro: answer.logradouro ?? '',
      bairro: answer.bairro ?? '',
      localidade: answer.localidade ?? '',
      uf: answer.uf ?? '',
    };
  }
}
