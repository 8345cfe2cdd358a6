import type { ContractTerms, ContractType } from '../../contracts/agreements/api';
import { declarePersonalData } from '../../contracts/shared/personal-data';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** What a signature records: the text as signed, its hash, the signer and the consent evidence. */
export interface ContractSignedData {
  signatureId: string;
  versao: number;
  titulo: string;
  tipo: ContractType;
  studentId: string;
  userId: string;
  nome: string;
  /** Digits. */
  cpf: string;
  /** Digits. */
  telefone: string;
  /** The trainer's name, as filled into {{personal}}. */
  personal: string;
  /** The contract's text with its fields filled: what was signed. */
  texto: string;
  /** SHA-256 (hex) of `texto` in UTF-8. */
  sha256: string;
  consentDataProcessing: true;
  consentTerms: true;
  consentTimestamp: string;
  /** Already anonymized (IPv4 last octet 0, IPv6 /48); null when unknown. */
  ipAddress: string | null;
  userAgent: string | null;
}

/** The events of a contract's stream (stream type 'contract'). */
export const contractEvents = {
  ContractCreated: eventData<ContractTerms>(),
  /** Changes made while nobody had signed the current version: the version is edited in place. */
  ContractEdited: eventData<Partial<ContractTerms>>(),
  /** A new text for a contract whose current version has signatures: they keep the text they signed. */
  ContractRevised: eventData<ContractTerms & { versao: number }>(),
  /** Soft delete: leaves the lists, takes no new signatures. */
  ContractDeactivated: eventData<Record<string, never>>(),
  ContractSigned: eventData<ContractSignedData>(),
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
