import { SetMetadata } from '@nestjs/common';
import type { Role } from './auth-user';

export const ROLES = 'vira:roles';

/** Only these roles may call the route (checked after authentication). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);
