import type { Kysely } from 'kysely';
import { ConfigError } from '../../config/config';
import { defaultDataDirectory, generatedSecret } from '../../config/generated-secret';
import type { Database } from '../../platform/database/database';
import { SecretBox } from '../../platform/personal-data/secret-box';
import { type MessagingConfig, viraNumberOf } from '../messaging.config';
import { WhatsAppCloudClient } from './whatsapp-cloud';

const SECRETS_KEY_FILE = 'whatsapp-secrets-key';

/** The key that seals trainers' tokens: from the environment, or generated once outside production. */
function secretsKeyOf(config: MessagingConfig): string {
  if (config.WHATSAPP_SECRETS_KEY) return config.WHATSAPP_SECRETS_KEY;
  if (config.NODE_ENV === 'production')
    throw new ConfigError('Configuração inválida — WHATSAPP_SECRETS_KEY: obrigatório em produção');
  return generatedSecret(config.VIRA_DATA_DIR ?? defaultDataDirectory(), SECRETS_KEY_FILE);
}

/** Where a tenant's messages go out: its number and a client holding the token. */
export interface WhatsAppSender {
  phoneNumberId: string;
  wabaId: string;
  client: WhatsAppCloudClient;
}

/**
 * The trainers' own access tokens, sealed in `whatsapp_credentials` (AES-256-GCM bound to the
 * tenant, as the PSP secrets are), and the sender of a tenant as its account's read model says.
 */
export class WhatsAppCredentials {
  private box?: SecretBox;

  constructor(
    private readonly db: Kysely<Database>,
    readonly config: MessagingConfig,
  ) {}

  private sealer(): SecretBox {
    this.box ??= new SecretBox(secretsKeyOf(this.config));
    return this.box;
  }

  async save(
    db: Kysely<Database>,
    tenantId: string,
    accessToken: string,
    now: Date,
  ): Promise<void> {
    const sealed = { accessToken: this.sealer().seal(accessToken, tenantId), updatedAt: now };
    await db
      .insertInto('whatsappCredentials')
      .values({ tenantId, ...sealed })
      .onConflict((conflict) => conflict.column('tenantId').doUpdateSet(sealed))
      .execute();
  }

  async tokenOf(tenantId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('whatsappCredentials')
      .select('accessToken')
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return row && this.sealer().open(row.accessToken, tenantId);
  }

  client(accessToken: string): WhatsAppCloudClient {
    return new WhatsAppCloudClient(this.config.WHATSAPP_GRAPH_URL, accessToken);
  }

  /** The tenant's sender now (its account's read model), or undefined when WhatsApp is off. */
  async senderOf(tenantId: string): Promise<WhatsAppSender | undefined> {
    const account = await this.db
      .selectFrom('whatsappAccounts')
      .select(['modo', 'phoneNumberId', 'wabaId'])
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!account || account.modo === 'desligado') return undefined;
    if (account.modo === 'vira') {
      const vira = viraNumberOf(this.config);
      return vira && { ...vira, client: this.client(vira.accessToken) };
    }
    const token = await this.tokenOf(tenantId);
    if (!token || !account.phoneNumberId || !account.wabaId) return undefined;
    return {
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      client: this.client(token),
    };
  }
}
