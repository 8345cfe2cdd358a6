import { eventData, type EventsOf } from '../shared/event-catalogue';
import type { ContractType } from './api';

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
  /**
   * They also ticked 'Quero receber lembretes e cobranças pelo WhatsApp' (absent on signatures
   * given before the box existed); the messaging context records it as their consent.
   */
  consentWhatsApp?: boolean;
  consentTimestamp: string;
  /** Already anonymized (IPv4 last octet 0, IPv6 /48); null when unknown. */
  ipAddress: string | null;
  userAgent: string | null;
}

/** What other contexts read of a contract's stream (stream type 'contract'): its signatures. */
export const contractSignatureEvents = {
  ContractSigned: eventData<ContractSignedData>(),
};
export type ContractSignatureEvent = EventsOf<typeof contractSignatureEvents>;
