import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PixSettings } from '../../contracts/charges/pix';
import { ConfigError } from '../../config/config';
import { defaultDataDirectory, generatedSecret } from '../../config/generated-secret';
import type { WorkerServices } from '../../platform/context/worker-services';
import type { Database } from '../../platform/database/database';
import type { ChargesConfig } from '../charges.config';
import { ApiPixClient, ApiPixError } from './api-pix-client';
import { SecretBox } from '../../platform/personal-data/secret-box';

/** The write-only part of a PSP connection. */
export interface PspSecrets {
  clientSecret: string;
  certificadoPem: string;
  chavePem: string;
}

const SECRETS_KEY_FILE = 'pix-secrets-key';

/** The key that seals PSP secrets: from the environment, or generated once outside production. */
function secretsKeyOf(config: ChargesConfig): string {
  if (config.PIX_SECRETS_KEY) return config.PIX_SECRETS_KEY;
  if (config.NODE_ENV === 'production')
    throw new ConfigError('Configuração inválida — PIX_SECRETS_KEY: obrigatório em produção');
  return generatedSecret(config.VIRA_DATA_DIR ?? defaultDataDirectory(), SECRETS_KEY_FILE);
}

/** Where PSPs send API Pix notifications (they POST to this + '/pix'). */
export const pixWebhookUrlOf = (config: ChargesConfig): string =>
  config.PIX_WEBHOOK_URL ?? `${config.APP_URL.replace(/\/$/, '')}/api/webhooks/api-pix`;

/**
 * The trainers' connections to their PSPs: their secrets sealed in `pix_provider_credentials`,
 * and one ApiPixClient per tenant (its token reused) while the settings and secrets stay the same.
 * Built by the API's module and by the worker's reconciliation alike.
 */
export class PspConnections {
  private readonly box: SecretBox;
  private ca?: string;
  private readonly clients = new Map<string, { fingerprint: string; client: ApiPixClient }>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly config: ChargesConfig,
  ) {
    this.box = new SecretBox(secretsKeyOf(config));
  }

  /** The extra CA, read when first needed (the loopback PSP may write it after the API starts). */
  private extraCa(): string | undefined {
    if (this.ca === undefined && this.config.PIX_PSP_CA_FILE)
      this.ca = readFileSync(this.config.PIX_PSP_CA_FILE, 'utf8');
    return this.ca;
  }

  get webhookUrl(): string {
    return pixWebhookUrlOf(this.config);
  }

  async saveSecrets(db: Kysely<Database>, tenantId: string, secrets: PspSecrets): Promise<void> {
    const sealed = {
      clientSecret: this.box.seal(secrets.clientSecret, tenantId),
      certificado: this.box.seal(secrets.certificadoPem, tenantId),
      chavePrivada: this.box.seal(secrets.chavePem, tenantId),
      updatedAt: new Date(),
    };
    await db
      .insertInto('pixProviderCredentials')
      .values({ tenantId, ...sealed })
      .onConflict((conflict) => conflict.column('tenantId').doUpdateSet(sealed))
      .execute();
  }

  async secretsOf(tenantId: string): Promise<PspSecrets | undefined> {
    const row = await this.db
      .selectFrom('pixProviderCredentials')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      clientSecret: this.box.open(row.clientSecret, tenantId),
      certificadoPem: this.box.open(row.certificado, tenantId),
      chavePem: this.box.open(row.chavePrivada, tenantId),
    };
  }

  /**
   * The client of a tenant's PSP, with `overrides` over what is saved (a form being tested).
   * Throws ApiPixError when something it needs is missing.
   */
  async clientOf(
    tenantId: string,
    apiPix: { baseUrl?: string; clientId?: string } | undefined,
    overrides: Partial<PspSecrets> = {},
  ): Promise<ApiPixClient> {
    const saved = await this.secretsOf(tenantId);
    const baseUrl = apiPix?.baseUrl;
    const clientId = apiPix?.clientId;
    const clientSecret = overrides.clientSecret || saved?.clientSecret;
    const certificadoPem = overrides.certificadoPem || saved?.certificadoPem;
    const chavePem = overrides.chavePem || saved?.chavePem;
    if (!baseUrl) throw new ApiPixError('url', 'Informe a URL da API Pix do PSP');
    if (!clientId || !clientSecret)
      throw new ApiPixError(
        'credenciais',
        'Informe o client ID e o client secret fornecidos pelo PSP',
      );
    if (!certificadoPem || !chavePem)
      throw new ApiPixError(
        'certificado_cliente',
        'Informe o certificado e a chave privada (mTLS) fornecidos pelo PSP',
      );
    const credentials = { baseUrl, clientId, clientSecret, certificadoPem, chavePem };
    const fingerprint = createHash('sha256').update(JSON.stringify(credentials)).digest('hex');
    const cached = this.clients.get(tenantId);
    if (cached?.fingerprint === fingerprint) return cached.client;
    const client = new ApiPixClient(credentials, {
      ca: this.extraCa(),
      allowInternalNetworks:
        this.config.PIX_PSP_ALLOW_INTERNAL ?? this.config.NODE_ENV !== 'production',
    });
    cached?.client.close();
    this.clients.set(tenantId, { fingerprint, client });
    return client;
  }

  /** The client of a tenant whose settings say api-pix; undefined for a manual one. */
  async clientOfSettings(
    tenantId: string,
    settings: PixSettings | undefined,
  ): Promise<ApiPixClient | undefined> {
    if (settings?.provedor !== 'api-pix') return undefined;
    return this.clientOf(tenantId, settings.apiPix);
  }

  close(): void {
    for (const { client } of this.clients.values()) client.close();
    this.clients.clear();
  }
}

const workerConnections = new WeakMap<Kysely<Database>, PspConnections>();

/** The worker's connections, one per database: it has no Nest container to hold them. */
export function workerPspConnections(
  services: Pick<WorkerServices, 'db' | 'config'>,
): PspConnections {
  let connections = workerConnections.get(services.db);
  if (!connections) {
    connections = new PspConnections(services.db, services.config as ChargesConfig);
    workerConnections.set(services.db, connections);
  }
  return connections;
}
