import { Controller, Inject, Logger } from '@nestjs/common';
import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { type ChargeAnswer, chargesApi } from '../contracts/charges/api';
import {
  buildBrCode,
  normalizePixKey,
  type PixSettings,
  type PixSettingsBody,
  pixSettingsFrom,
} from '../contracts/charges/pix';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../contracts/shared/time';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { numericFromCentavos, toReais } from '../contracts/shared/money';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DATABASE, type Db } from '../platform/database/database.module';
import { DomainError, NotFoundError, ValidationError } from '../platform/errors/domain-error';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { fold } from '../platform/event-store/decider';
import { readStream } from '../platform/event-store/event-store';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ChargeCommands, PixSettingsCommands } from './commands/charge.commands';
import { chargeDecider, chargeNotFound, type ChargeState } from './domain/charge.decider';
import type { ChargeEvent } from './domain/charge.events';
import { pixSettingsStreamId, receitaIdOf } from './domain/pix-settings.decider';
import { ChargeSettler } from './process-managers/charge-settlement';
import { CHARGES_PROJECTION } from './projections';
import { planToCharge, studentToCharge } from './queries/charge-sources';
import { ChargesRepository } from './queries/charges.repository';
import { type ApiPixClient, ApiPixError } from './psp/api-pix-client';
import { type PspSecrets, PspConnections } from './psp/psp-connections';

const uuid = z.uuid();
/** A route's `:id`: anything but a UUID is answered like an unknown id or another tenant's. */
const chargeId = Object.assign(
  (id: string): string => {
    if (!uuid.safeParse(id).success) throw chargeNotFound();
    return id;
  },
  {
    notFound: (): never => {
      throw chargeNotFound();
    },
  },
);

export const pixNotConfigured = () =>
  new DomainError(
    'pix_not_configured',
    'Configure sua chave PIX em Ajustes › Recebimento por PIX para gerar cobranças',
    422,
  );

export const pspUnavailable = (error: unknown) =>
  new DomainError(
    'psp_unavailable',
    `O PSP não criou a cobrança: ${error instanceof ApiPixError ? error.message : 'falha de comunicação'}. Tente de novo ou use o PIX manual em Ajustes › Recebimento por PIX`,
    502,
  );

/**
 * Letters and digits, unique across tenants (a notification finds its charge): 25 for the static
 * BR Code (its tag 62 holds 25), 32 through the PSP (the API Pix's cob txid is [a-zA-Z0-9]{26,35}).
 */
const newTxid = (length: 25 | 32): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

/** How long the PSP keeps an immediate charge payable: a week, so a reminder can still be paid. */
const COB_EXPIRY_SECONDS = 7 * 86_400;

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

/** A charge's answer from its stream, as it stands after a command. */
export async function chargeAnswer(
  db: Db,
  tenantId: string,
  id: string,
  position: number,
): Promise<ChargeAnswer> {
  const stream = await readStream(db, tenantId, id);
  const state: ChargeState = fold(
    chargeDecider,
    stream
      .filter((stored) => stored.streamType === chargeDecider.streamType)
      .map((stored) => ({ type: stored.eventType, data: stored.data }) as ChargeEvent),
  );
  if (state.status === 'absent') throw chargeNotFound();
  return {
    id,
    valor: toReais(state.charge.valorCentavos),
    txid: state.charge.txid,
    brCode: state.charge.brCode,
    status: state.status,
    transactionId: state.status === 'paga' ? receitaIdOf(id) : null,
    position,
  };
}

/** PIX settings and charges: created with their BR Code, listed, paid once, cancelled. */
@Controller()
export class ChargesController {
  private readonly logger = new Logger(ChargesController.name);

  constructor(
    @Inject(PspConnections) private readonly psp: PspConnections,
    @Inject(ChargeCommands) private readonly commands: ChargeCommands,
    @Inject(PixSettingsCommands) private readonly pix: PixSettingsCommands,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
    @Inject(ChargeSettler) private readonly settler: ChargeSettler,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  @Implements(chargesApi.pixSettings)
  async pixSettings(@CurrentUser() user: AuthUser) {
    const settings = await this.pix.current(user.tenantId);
    if (!settings) return { configurada: false as const };
    return settingsView(settings, (await this.psp.secretsOf(user.tenantId)) !== undefined);
  }

  /**
   * Saves the settings; with api-pix the secrets given are sealed in the same transaction (left
   * out, those saved stay), then the webhook is registered at the PSP (a failure there is told by
   * 'Testar conexão' and covered by the worker's reconciliation).
   */
  @Implements(chargesApi.setPixSettings)
  async setPixSettings(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof chargesApi.setPixSettings>,
  ) {
    const settings = pixSettingsFrom(body);
    const secrets =
      settings.provedor === 'api-pix'
        ? await this.secretsToSave(context.tenantId, body)
        : undefined;
    const result = await this.pix.handle(
      context,
      pixSettingsStreamId(context.tenantId),
      { type: 'SetPixSettings', settings },
      secrets
        ? { alsoInTransaction: (trx) => this.psp.saveSecrets(trx, context.tenantId, secrets) }
        : undefined,
    );
    if (settings.provedor === 'api-pix')
      await this.registerWebhook(context.tenantId, settings).catch((error: unknown) =>
        this.logger.warn(`webhook não registrado no PSP: ${String(error)}`),
      );
    return {
      ...result,
      ...settingsView(
        settings,
        settings.provedor === 'api-pix' ||
          (await this.psp.secretsOf(context.tenantId)) !== undefined,
      ),
    };
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

  private async registerWebhook(
    tenantId: string,
    settings: PixSettings,
    client?: ApiPixClient,
  ): Promise<void> {
    const psp = client ?? (await this.psp.clientOf(tenantId, settings.apiPix));
    await psp.putWebhook(settings.chave, this.psp.webhookUrl);
  }

  /** 'Testar conexão': a token, then the webhook registered; in pt-BR what failed. */
  @Implements(chargesApi.testPixConnection)
  async testPixConnection(
    @CurrentUser() user: AuthUser,
    @Input() { body }: ParsedInputOf<typeof chargesApi.testPixConnection>,
  ) {
    const saved = await this.pix.current(user.tenantId);
    const apiPix = {
      baseUrl: body.baseUrl || saved?.apiPix?.baseUrl,
      clientId: body.clientId || saved?.apiPix?.clientId,
    };
    const chave = body.chave?.trim() ? normalizePixKey(body.chave)?.key : saved?.chave;
    if (body.chave?.trim() && !chave) return { ok: false, message: 'Chave PIX inválida' };
    try {
      const client = await this.psp.clientOf(user.tenantId, apiPix, {
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

  @Implements(chargesApi.create)
  async create(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof chargesApi.create>,
  ): Promise<ChargeAnswer> {
    const { tenantId } = context;
    const [settings, student, plan] = await Promise.all([
      this.pix.current(tenantId),
      studentToCharge(this.db, tenantId, body.studentId),
      planToCharge(this.db, tenantId, body.planId),
    ]);
    if (!student) throw new NotFoundError('Aluno');
    if (!plan) throw new NotFoundError('Plano');
    if (!settings) throw pixNotConfigured();
    const today = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    // A charge for what was due already (last month's classes) is late from the start.
    if (
      body.vencimento &&
      (body.vencimento < addDays(today, -366) || body.vencimento > addDays(today, 366))
    )
      throw new ValidationError('Vencimento deve estar a menos de um ano de hoje', 'vencimento');
    const id = uuidv7();
    const throughPsp = settings.provedor === 'api-pix';
    const txid = newTxid(throughPsp ? 32 : 25);
    const brCode = throughPsp
      ? await this.cobAtPsp(tenantId, settings, txid, {
          valorCentavos: plan.valorCentavos,
          descricao: plan.nome,
        })
      : buildBrCode({
          chave: settings.chave,
          nomeRecebedor: settings.nomeRecebedor,
          cidade: settings.cidade,
          valorCentavos: plan.valorCentavos,
          txid,
        });
    const result = await this.commands.handle(context, id, {
      type: 'CreateCharge',
      charge: {
        studentId: body.studentId,
        studentNome: student.nome,
        telefone: student.whatsapp ?? student.telefone,
        planId: body.planId,
        planNome: plan.nome,
        creditos: plan.creditos,
        valorCentavos: plan.valorCentavos,
        txid,
        brCode,
        origem: 'avulsa',
        provedor: throughPsp ? 'api-pix' : 'manual',
        vencimento: body.vencimento ?? today,
      },
    });
    return {
      id,
      valor: toReais(plan.valorCentavos),
      txid,
      brCode,
      status: 'pendente',
      transactionId: null,
      position: result.position,
    };
  }

  /**
   * PUT /cob/{txid} at the trainer's PSP: the amount, the key, the payer's CPF and name when
   * known, a week to pay; answers the PSP's dynamic 'Pix Copia e Cola'. Nothing is written when the
   * PSP refuses (502 in pt-BR).
   */
  private async cobAtPsp(
    tenantId: string,
    settings: PixSettings,
    txid: string,
    cob: { valorCentavos: number; devedor?: { cpf: string; nome: string }; descricao: string },
  ): Promise<string> {
    try {
      const client = await this.psp.clientOf(tenantId, settings.apiPix);
      const created = await client.putCob(txid, {
        calendario: { expiracao: COB_EXPIRY_SECONDS },
        ...(cob.devedor ? { devedor: cob.devedor } : {}),
        valor: { original: numericFromCentavos(cob.valorCentavos) },
        chave: settings.chave,
        solicitacaoPagador: cob.descricao.slice(0, 140),
      });
      if (!created.pixCopiaECola)
        throw new ApiPixError('recusado', 'o PSP não devolveu o Pix Copia e Cola');
      return created.pixCopiaECola;
    } catch (error) {
      if (error instanceof ApiPixError) throw pspUnavailable(error);
      throw error;
    }
  }

  @Implements(chargesApi.list)
  @ReadsProjections(CHARGES_PROJECTION)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof chargesApi.list>,
  ) {
    return { items: await this.charges.list(user.tenantId, query) };
  }

  @Implements(chargesApi.receivables)
  @ReadsProjections(CHARGES_PROJECTION)
  async receivables(@CurrentUser() user: AuthUser) {
    return this.charges.receivables(user.tenantId);
  }

  @Implements(chargesApi.get)
  @ReadsProjections(CHARGES_PROJECTION)
  async get(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof chargesApi.get>,
  ) {
    return (await this.charges.find(user.tenantId, chargeId(params.id))) ?? chargeId.notFound();
  }

  @Implements(chargesApi.confirm)
  async confirm(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof chargesApi.confirm>,
  ): Promise<ChargeAnswer> {
    const result = await this.commands.handle(context, chargeId(params.id), {
      type: 'ConfirmCharge',
      via: 'manual',
      provider: null,
      endToEndId: null,
    });
    const settled = await this.settler.settle(context.tenantId, result.id);
    return chargeAnswer(
      this.db,
      context.tenantId,
      result.id,
      Math.max(result.position, settled?.position ?? 0),
    );
  }

  @Implements(chargesApi.cancel)
  async cancel(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof chargesApi.cancel>,
  ): Promise<ChargeAnswer> {
    const result = await this.commands.handle(context, chargeId(params.id), {
      type: 'CancelCharge',
      ...(body?.motivo ? { motivo: body.motivo } : {}),
    });
    return chargeAnswer(this.db, context.tenantId, result.id, result.position);
  }
}
