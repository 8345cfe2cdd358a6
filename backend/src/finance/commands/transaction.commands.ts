import { Injectable } from '@nestjs/common';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { entityReferences } from '../../platform/references/entity-references';
import { transactionDecider, type TransactionState } from '../domain/transaction.decider';
import type { TransactionStreamEvent } from '../domain/transaction.events';

/**
 * A transaction paid by a student refers to that student, in the command's transaction: a student
 * of another tenant (or none) is 404 'Aluno não encontrado', and a student with payments (voided
 * ones too) cannot be removed.
 */
const transactionEntity: InlineProjection<TransactionStreamEvent, TransactionState> = {
  eventTypes: ['TransactionRecorded'],
  async apply(trx, { tenantId, streamId, events }) {
    for (const event of events) {
      if (event.type !== 'TransactionRecorded') continue;
      const { studentId } = event.data;
      await entityReferences.registerReferring(
        trx,
        tenantId,
        { kind: 'transaction', id: streamId },
        studentId ? [{ target: { kind: 'student', id: studentId }, label: 'Aluno' }] : [],
      );
    }
  },
};

/** Every transaction command, decided on the transaction's stream. */
@Injectable()
export class TransactionCommands extends commandHandlerFor(transactionDecider, transactionEntity) {}
