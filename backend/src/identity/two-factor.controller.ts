import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { TwoFactorHandler } from './commands/two-factor.command';
import { ApiZodBody } from '../platform/http/openapi.decorators';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { mfaCodeSchema } from '../contracts/identity';

/** Two-factor sign-in of the signed-in user (the login's second step is POST /api/auth/mfa/verify). */
@ApiTags('identity')
@ApiBearerAuth()
@Controller('auth/mfa/totp')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorHandler) {}

  @Post('enroll')
  @HttpCode(200)
  enroll(
    @CurrentUser() user: AuthUser,
  ): Promise<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }> {
    return this.twoFactor.enroll(user);
  }

  @Post('activate')
  @HttpCode(200)
  @ApiZodBody(mfaCodeSchema)
  activate(
    @Body(new ZodValidationPipe(mfaCodeSchema)) input: { code: string },
    @CurrentUser() user: AuthUser,
  ): Promise<{ recoveryCodes: string[] }> {
    return this.twoFactor.activate(user, input.code, new Date());
  }

  @Delete()
  @HttpCode(204)
  @ApiZodBody(mfaCodeSchema)
  remove(
    @Body(new ZodValidationPipe(mfaCodeSchema)) input: { code: string },
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.twoFactor.remove(user, input.code, new Date());
  }
}
