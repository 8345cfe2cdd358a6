import type { ContractTerms } from '../../contracts/agreements/api';
import { contractSignatureEvents } from '../../contracts/agreements/events';
import { declarePersonalData } from '../../contracts/shared/personal-data';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a contract's stream (stream type 'contract'). */
export const contractEvents = {
  ContractCreated: eventData<ContractTerms>(),
  /** Changes made while nobody had signed the current version: the version is edited in place. */
  ContractEdited: eventData<Partial<ContractTerms>>(),
  /** A new text for a contract whose current version has signatures: they keep the text they signed. */
  ContractRevised: eventData<ContractTerms & { versao: number }>(),
  /** Soft delete: leaves the lists, takes no new signatures. */
  ContractDeactivated: eventData<Record<string, never>>(),
  ...contractSignatureEvents,
};

/**
 * The signer's identity and the filled text (it names them) are the student's. The evidence the
 * trainer keeps for legal defence stays readable: hash, times, consents, anonymized IP.
 */
export const contractPersonalData = declarePersonalData(contractEvents, {
  ContractSigned: {
    subject: 'studentId',
    fields: ['nome', 'cpf', 'telefone', 'personal', 'texto', 'userAgent'],
  },
});
export type ContractEvent = EventsOf<typeof contractEvents>;
export const CONTRACT_EVENT_TYPES = eventTypesOf(contractEvents);
