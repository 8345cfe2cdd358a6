import { Body, Controller, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  type ChargeAnswer,
  chargesQuerySchema,
  createChargeSchema,
  type PixSettingsView,
} from '../contracts/charges';
import { toReais } from '../contracts/money';
import { buildBrCode, pixSettingsFrom, pixSettingsSchema } from '../contracts/pix';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import { DATABASE, type Db } from '../platform/database/database.module';
import { DomainError, NotFoundError } from '../platform/errors/domain-error';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { fold } from '../platform/event-store/decider';
import { readStream } from '../platform/event-store/event-store';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { parseOrThrow, ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ChargeCommands, PixSettingsCommands } from './commands/charge.commands';
import { chargeDecider, chargeNotFound, type ChargeState } from './domain/charge.decider';
import type { ChargeEvent } from './domain/charge.events';
import { pixSettingsStreamId, receitaIdOf } from './domain/pix-settings.decider';
import { ChargeSettler } from './process-managers/charge-settlement';
import { CHARGES_PROJECTION } from './projections';
import { planToCharge, studentToCharge } from './queries/charge-sources';
import { ChargesRepository } from './queries/charges.repository';

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

/** 25 letters and digits: the BR Code's txid, unique across tenants (the webhook finds it). */
const newTxid = (): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(25)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

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
@ApiTags('charges')
@ApiBearerAuth()
@Roles('personal')
@Controller()
export class ChargesController {
  constructor(
    @Inject(ChargeCommands) private readonly commands: ChargeCommands,
    @Inject(PixSettingsCommands) private readonly pix: PixSettingsCommands,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
    @Inject(ChargeSettler) private readonly settler: ChargeSettler,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  @Get('settings/pix')
  @ApiOperation({
    summary: 'Chave PIX, nome do recebedor e cidade (vazios até a primeira gravação)',
  })
  async pixSettings(
    @CurrentUser() user: AuthUser,
  ): Promise<PixSettingsView | { configurada: false }> {
    const settings = await this.pix.current(user.tenantId);
    return settings ? { ...settings } : { configurada: false };
  }

  @Put('settings/pix')
  @CommandRoute(
    200,
    {
      summary:
        'Salva a chave PIX (CPF, CNPJ, e-mail, telefone ou aleatória), o nome do recebedor (até 25) e a cidade (até 15), sem acentos',
    },
    pixSettingsSchema,
  )
  async setPixSettings(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(pixSettingsSchema)) body: unknown,
  ) {
    const settings = pixSettingsFrom(parseOrThrow(pixSettingsSchema, body));
    const result = await this.pix.handle(context, pixSettingsStreamId(context.tenantId), {
      type: 'SetPixSettings',
      settings,
    });
    return { ...result, ...settings };
  }

  @Post('charges')
  @CommandRoute(
    201,
    {
      summary: 'Cobra um plano do aluno por PIX: BR Code estático com o valor e o txid',
    },
    createChargeSchema,
  )
  async create(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createChargeSchema)) body: { studentId: string; planId: string },
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
    const id = uuidv7();
    const txid = newTxid();
    const brCode = buildBrCode({
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

  @Get('charges')
  @ApiOperation({ summary: 'Cobranças, mais recentes primeiro (filtro por status)' })
  @ApiQuery({ name: 'status', required: false, enum: ['pendente', 'paga', 'cancelada'] })
  @ReadsProjections(CHARGES_PROJECTION)
  async list(@CurrentUser() user: AuthUser, @Query() query: unknown) {
    const { status } = parseOrThrow(chargesQuerySchema, query);
    return { items: await this.charges.list(user.tenantId, status) };
  }

  @Get('charges/:id')
  @ApiOperation({ summary: 'Uma cobrança' })
  @ReadsProjections(CHARGES_PROJECTION)
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.charges.find(user.tenantId, chargeId(id))) ?? chargeId.notFound();
  }

  @Post('charges/:id/confirm')
  @CommandRoute(200, {
    summary:
      'Marca como paga: registra a receita (PIX) e concede os créditos do plano, uma vez só; repetir responde o mesmo',
  })
  async confirm(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
  ): Promise<ChargeAnswer> {
    const result = await this.commands.handle(context, chargeId(id), {
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

  @Post('charges/:id/cancel')
  @CommandRoute(200, {
    summary: 'Cancela uma cobrança pendente (uma cobrança paga não se cancela)',
  })
  async cancel(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
  ): Promise<ChargeAnswer> {
    const result = await this.commands.handle(context, chargeId(id), { type: 'CancelCharge' });
    return chargeAnswer(this.db, context.tenantId, result.id, result.position);
  }
}
