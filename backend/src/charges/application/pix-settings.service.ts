import { Inject, Injectable, Logger } from '@nestjs/common';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import {
  normalizePixKey,
  type PixSettings,
  type PixSettingsBody,
  pixSettingsFrom,
} from '../../contracts/charges/pix';
import type { PixConnectionTest, TestPixConnectionBody } from '../../contracts/charges/api';
import { ValidationError } from '../../platform/errors/domain-error';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { PixSettingsCommands } from '../commands/charge.commands';
import { ApiPixError } from '../psp/api-pix-client';
import { type PspSecrets, PspConnections } from '../psp/psp-connections';

/** The settings as answered: secrets never, only whether they are saved. */
const settingsView = (settings: PixSettings, credenciaisSalvas: boolean) => ({
  chave: settings.chave,
  tipoChave: settings.tipoChave,
  nomeRecebedor: settings.nomeRecebedor,
  cidade: settings.cidade,
  provedor: settings.provedor ?? ('manual' as const),
  baseUrl: settings.apiPix?.baseUrl ?? null,
  clientId: settings.apiPix?.clientId ?? null,
  credenciaisSalvas,
  pixAutomatico: settings.apiPix?.pixAutomatico !== undefined,
  agencia: settings.apiPix?.pixAutomatico?.agencia ?? null,
  conta: settings.apiPix?.pixAutomatico?.conta ?? null,
  tipoConta: settings.apiPix?.pixAutomatico?.tipoConta ?? null,
});

/** A certificate and key that parse and belong together, or a 400 naming the field. */
function checkedCertificate(certificadoPem: string, chavePem: string): void {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificadoPem);
  } catch {
    throw new ValidationError(
      'Certificado inválido: cole o certificado PEM fornecido pelo PSP',
      'certificadoPem',
      'invalid_certificate',
    );
  }
  let key;
  try {
    key = createPrivateKey(chavePem);
  } catch {
    throw new ValidationError(
      'Chave privada inválida: cole a chave PEM do certificado',
      'chavePem',
      'invalid_certificate',
    );
  }
  if (!certificate.checkPrivateKey(key))
    throw new ValidationError(
      'A chave privada não é a do certificado',
      'chavePem',
      'invalid_certificate',
    );
}

/** 'Recebimento por PIX': the receiver's key, the provider, its sealed secrets and its webhook. */
@Injectable()
export class PixSettingsService {
  private readonly logger = new Logger(PixSettingsService.name);

  constructor(
    @Inject(PixSettingsCommands) private readonly pix: PixSettingsCommands,
    @Inject(PspConnections) private readonly psp: PspConnections,
  ) {}

  async view(tenantId: string) {
    const settings = await this.pix.current(tenantId);
    if (!settings) return { configurada: false as const };
    return settingsView(settings, (await this.psp.secretsOf(tenantId)) !== undefined);
  }

  /**
   * Saves the settings; with api-pix the secrets given are sealed in the same transaction (left
   * out, those saved stay), then the webhook is registered at the PSP (a failure there is told by
   * 'Testar conexão' and covered by the worker's reconciliation).
   */
  async save(context: CommandContext, body: PixSettingsBody) {
    const settings = pixSettingsFrom(body);
    const throughPsp = settings.provedor === 'api-pix';
    const secrets = throughPsp ? await this.secretsToSave(context.tenantId, body) : undefined;
    const result = await this.pix.change(
      context,
      { type: 'SetPixSettings', settings },
      secrets
        ? { alsoInTransaction: (trx) => this.psp.saveSecrets(trx, context.tenantId, secrets) }
        : undefined,
    );
    if (throughPsp)
      await this.psp
        .clientOf(context.tenantId, settings.apiPix)
        .then(async (client) => {
          await client.putWebhook(settings.chave, this.psp.webhookUrl);
          if (settings.apiPix?.pixAutomatico)
            await client.putWebhooksPixAutomatico(this.psp.webhookUrl);
        })
        .catch((error: unknown) =>
          this.logger.warn(`webhook não registrado no PSP: ${String(error)}`),
        );
    const credenciaisSalvas =
      throughPsp || (await this.psp.secretsOf(context.tenantId)) !== undefined;
    return { ...result, ...settingsView(settings, credenciaisSalvas) };
  }

  /** 'Testar conexão': a token, then the webhook registered; in pt-BR what failed. */
  async testConnection(tenantId: string, body: TestPixConnectionBody): Promise<PixConnectionTest> {
    const saved = await this.pix.current(tenantId);
    const apiPix = {
      baseUrl: body.baseUrl || saved?.apiPix?.baseUrl,
      clientId: body.clientId || saved?.apiPix?.clientId,
    };
    const chave = body.chave?.trim() ? normalizePixKey(body.chave)?.key : saved?.chave;
    if (body.chave?.trim() && !chave) return { ok: false, message: 'Chave PIX inválida' };
    try {
      const client = await this.psp.clientOf(tenantId, apiPix, {
        clientSecret: body.clientSecret,
        certificadoPem: body.certificadoPem,
        chavePem: body.chavePem,
      });
      await client.accessToken();
      if (!chave)
        return {
          ok: true,
          message:
            'Conexão com o PSP funcionando (token obtido). Informe a chave PIX para registrar o webhook.',
        };
      await client.putWebhook(chave, this.psp.webhookUrl);
      return {
        ok: true,
        message: 'Conexão com o PSP funcionando: token obtido e webhook de pagamentos registrado.',
      };
    } catch (error) {
      if (error instanceof ApiPixError) return { ok: false, message: error.message };
      throw error;
    }
  }

  /** The secrets of an api-pix save: those given, checked, over those saved; all three needed. */
  private async secretsToSave(tenantId: string, body: PixSettingsBody): Promise<PspSecrets> {
    const saved = await this.psp.secretsOf(tenantId);
    const clientSecret = body.clientSecret ?? saved?.clientSecret;
    const certificadoPem = body.certificadoPem ?? saved?.certificadoPem;
    const chavePem = body.chavePem ?? saved?.chavePem;
    if (!clientSecret) throw new ValidationError('Informe o client secret', 'clientSecret');
    if (!certificadoPem)
      throw new ValidationError('Informe o certificado (PEM) do PSP', 'certificadoPem');
    if (!chavePem)
      throw new ValidationError('Informe a chave privada (PEM) do certificado', 'chavePem');
    checkedCertificate(certificadoPem, chavePem);
    return { clientSecret, certificadoPem, chavePem };
  }
}
