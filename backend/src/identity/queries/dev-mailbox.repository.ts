import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '../../platform/database/database.module';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

const LATEST = 50;

@Injectable()
export class DevMailboxRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  latest(to?: string): Promise<DevMail[]> {
    let query = this.db
      .selectFrom('devMailbox')
      .select([
        'id',
        'toAddress as to',
        'subject',
        'textBody as text',
        'htmlBody as html',
        'createdAt',
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(LATEST);
    if (to) query = query.where('toAddress', '=', to);
    return query.execute();
  }
}
