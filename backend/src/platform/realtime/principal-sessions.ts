import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { LiveSessions, type Principals, SessionRecords } from '../auth/live-sessions';
import type { Database } from '../database/database';
import { RealtimeGateway } from './realtime.gateway';

/** Sessions revoked in a transaction, to be announced once it commits. */
export interface EndedSessions {
  principals: Principals;
  sessionIds: readonly string[];
}

/**
 * Ends every session and socket of some people at once (an erased student; everyone of a tenant
 * when an account closes): their refresh tokens are revoked in the caller's transaction, and once
 * it commits their access tokens are refused at once on every API instance (as a sign-out's are)
 * and their open sockets closed on every instance (socket.io's Redis adapter).
 */
@Injectable()
export class PrincipalSessions {
  constructor(
    @Inject(SessionRecords) private readonly records: SessionRecords,
    @Inject(LiveSessions) private readonly live: LiveSessions,
    @Inject(RealtimeGateway) private readonly realtime: RealtimeGateway,
  ) {}

  /** In the caller's transaction, before it deletes their accounts. */
  async revoke(principals: Principals, trx: Transaction<Database>): Promise<EndedSessions> {
    return { principals, sessionIds: await this.records.revokeAll(principals, trx) };
  }

  /** Once the transaction of `revoke` committed. */
  async announce({ principals, sessionIds }: EndedSessions): Promise<void> {
    await this.live.ended(sessionIds);
    this.realtime.disconnect(principals);
  }
}
