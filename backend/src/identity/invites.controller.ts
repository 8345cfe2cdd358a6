import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Implements, Input } from '../platform/http/implements';
import { InvitesService } from './application/invites.service';

@Controller()
export class InvitesController {
  constructor(@Inject(InvitesService) private readonly invites: InvitesService) {}

  @Implements(identityApi.createInvite)
  create(
    @CurrentUser() user: AuthUser,
    @Input() { body: { studentId } }: ParsedInputOf<typeof identityApi.createInvite>,
  ) {
    return this.invites.create(user, studentId, new Date());
  }

  @Implements(identityApi.invite)
  show(@Input() { params: { token } }: ParsedInputOf<typeof identityApi.invite>) {
    return this.invites.show(token, new Date());
  }

  @Implements(identityApi.acceptInvite)
  accept(
    @Input() { params: { token }, body }: ParsedInputOf<typeof identityApi.acceptInvite>,
    @Req() request: FastifyRequest,
  ) {
    return this.invites.accept(token, body, { ip: request.ip, requestId: request.id }, new Date());
  }
}
