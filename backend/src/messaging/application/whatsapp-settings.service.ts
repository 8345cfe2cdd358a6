import { Inject, Injectable } from '@nestjs/common';
import {
  WHATSAPP_TEMPLATE_STATUSES,
  type WhatsAppSettingsAnswer,
  type WhatsAppSettingsInput,
} from '../../contracts/messaging/api';
import type { WhatsAppTemplateStatus } from '../../contracts/messaging/events';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { DomainError, ValidationError } from '../../platform/errors/domain-error';
import type { CommandContext, CommandResult } from '../../platform/event-store/command-runner';
import { WhatsAppAccountCommands } from '../commands/whatsapp.commands';
import type { SubmittedTemplate } from '../domain/whatsapp-account.decider';
import { LANGUAGE, TEMPLATE_LIST, templateCreationOf } from '../domain/whatsapp-templates';
import { viraNumberOf } from '../messaging.config';
import { WhatsAppCredentials } from './whatsapp-credentials';
import { connectionProblemOf, type WhatsAppCloudClient } from './whatsapp-cloud';

const statusOf = (status: string): WhatsAppTemplateStatus =>
  (WHATSAPP_TEMPLATE_STATUSES as readonly string[]).includes(status)
    ? (status as WhatsAppTemplateStatus)
    : 'PENDING';

interface Target {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  /** The token came in this request (a new one to seal). */
  newToken: boolean;
}

/**
 * Ajustes › WhatsApp: which number sends, its connection tested in pt-BR, and on connecting the
 * UTILITY templates created at the WABA (those already there are taken as they are).
 */
@Injectable()
export class WhatsAppSettingsService {
  constructor(
    @Inject(WhatsAppAccountCommands) private readonly commands: WhatsAppAccountCommands,
    @Inject(WhatsAppCredentials) private readonly credentials: WhatsAppCredentials,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async settings(tenantId: string): Promise<WhatsAppSettingsAnswer> {
    const state = await this.commands.current(tenantId);
    const token = await this.db
      .selectFrom('whatsappCredentials')
      .select('tenantId')
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return {
      modo: state.modo,
      phoneNumberId: state.modo === 'proprio' ? state.phoneNumberId : null,
      wabaId: state.modo === 'proprio' ? state.wabaId : null,
      tokenSalvo: token !== undefined,
      numeroDoViraDisponivel: viraNumberOf(this.credentials.config) !== undefined,
      modelos: TEMPLATE_LIST.map(({ nome, rotulo }) => {
        const template = state.modo === 'desligado' ? undefined : state.templates[nome];
        return { nome, rotulo, status: template?.status ?? null, motivo: template?.motivo ?? null };
      }),
    };
  }

  /** The number and token the settings point at (the saved token unless a new one is given). */
  private async targetOf(tenantId: string, body: WhatsAppSettingsInput): Promise<Target> {
    if (body.modo === 'vira') {
      const vira = viraNumberOf(this.credentials.config);
      if (!vira)
        throw new DomainError(
          'whatsapp_vira_unavailable',
          'O número do Vira não está disponível neste servidor: use o seu próprio número',
          409,
        );
      return { ...vira, newToken: false };
    }
    if (!body.phoneNumberId)
      throw new ValidationError('Informe o ID do número de telefone', 'phoneNumberId');
    if (!body.wabaId)
      throw new ValidationError('Informe o ID da conta do WhatsApp Business (WABA)', 'wabaId');
    const accessToken = body.accessToken ?? (await this.credentials.tokenOf(tenantId));
    if (!accessToken) throw new ValidationError('Informe o token de acesso', 'accessToken');
    return {
      phoneNumberId: body.phoneNumberId,
      wabaId: body.wabaId,
      accessToken,
      newToken: body.accessToken !== undefined,
    };
  }

  /** The number and the WABA answer to the token; the first problem found, in pt-BR. */
  private async problemOf(
    client: WhatsAppCloudClient,
    target: Target,
  ): Promise<string | undefined> {
    try {
      await client.phoneNumber(target.phoneNumberId);
    } catch (error) {
      return connectionProblemOf(error, 'numero');
    }
    try {
      await client.templates(target.wabaId);
    } catch (error) {
      return connectionProblemOf(error, 'waba');
    }
    return undefined;
  }

  async test(
    tenantId: string,
    body: WhatsAppSettingsInput,
  ): Promise<{ ok: boolean; message: string }> {
    if (body.modo === 'desligado') return { ok: false, message: 'O WhatsApp está desligado' };
    const target = await this.targetOf(tenantId, body);
    const client = this.credentials.client(target.accessToken);
    const problem = await this.problemOf(client, target);
    if (problem) return { ok: false, message: problem };
    const number = await client.phoneNumber(target.phoneNumberId);
    return {
      ok: true,
      message: `Conexão funcionando: número ${number.display_phone_number ?? target.phoneNumberId}${number.verified_name ? ` (${number.verified_name})` : ''}`,
    };
  }

  async save(context: CommandContext, body: WhatsAppSettingsInput): Promise<CommandResult> {
    if (body.modo === 'desligado')
      return this.commands.change(context, {
        type: 'ConfigureWhatsApp',
        modo: 'desligado',
        phoneNumberId: null,
        wabaId: null,
        templates: [],
      });
    const target = await this.targetOf(context.tenantId, body);
    const client = this.credentials.client(target.accessToken);
    const problem = await this.problemOf(client, target);
    if (problem) throw new DomainError('whatsapp_connection_failed', problem, 422);
    let templates: SubmittedTemplate[];
    try {
      templates = await this.ensureTemplates(client, target.wabaId);
    } catch (error) {
      throw new DomainError('whatsapp_connection_failed', connectionProblemOf(error, 'waba'), 422);
    }
    if (target.newToken)
      await this.credentials.save(this.db, context.tenantId, target.accessToken, new Date());
    return this.commands.change(context, {
      type: 'ConfigureWhatsApp',
      modo: body.modo,
      phoneNumberId: body.modo === 'proprio' ? target.phoneNumberId : null,
      wabaId: body.modo === 'proprio' ? target.wabaId : null,
      templates,
    });
  }

  /** Vira's templates at the WABA: those there already as they are, the rest created now. */
  private async ensureTemplates(
    client: WhatsAppCloudClient,
    wabaId: string,
  ): Promise<SubmittedTemplate[]> {
    const existing = await client.templates(wabaId);
    const submitted: SubmittedTemplate[] = [];
    for (const template of TEMPLATE_LIST) {
      const named = (each: { name: string; language: string }) =>
        each.name === template.nome && each.language === LANGUAGE;
      const created =
        existing.find(named) ??
        (await client.createTemplate(wabaId, templateCreationOf(template)).catch(async (error) => {
          // Made meanwhile (two trainers connecting the platform's number at once): Meta refuses
          // a second template of the same name, and the first is the one to use.
          const made = (await client.templates(wabaId)).find(named);
          if (!made) throw error;
          return made;
        }));
      submitted.push({
        nome: template.nome,
        wabaId,
        templateId: created.id,
        status: statusOf(created.status),
      });
    }
    return submitted;
  }
}
