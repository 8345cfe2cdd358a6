import { createHash } from 'node:crypto';
import { ALREADY_SIGNED, type ContractTerms, fillPlaceholders, type UpdateContractInput } from '../../contracts/agreements/api';
import { formatCpf, formatPhone } from '../../contracts/shared/br-documents';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { ConflictError, type DomainError, NotFoundError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { ContractSignedData } from '../../contracts/agreements/events';
import type { ContractEvent } from './contract.events';

/** Who signs and from where, as their signature records it. */
export type ContractSigner = Pick<
  ContractSignedData,
  | 'signatureId'
  | 'studentId'
  | 'userId'
  | 'nome'
  | 'cpf'
  | 'telefone'
  | 'personal'
  | 'ipAddress'
  | 'userAgent'
>;

export type ContractCommand =
  | { type: 'CreateContract'; terms: ContractTerms }
  | { type: 'UpdateContract'; changes: UpdateContractInput }
  /** `whatsapp`: they also ticked 'Quero receber lembretes e cobranças pelo WhatsApp'. */
  | { type: 'SignContract'; signer: ContractSigner; whatsapp: boolean };

export interface ContractState {
  status: 'absent' | 'active' | 'inactive';
  terms: ContractTerms;
  versao: number;
  /** Students who signed the current version. */
  signedBy: readonly string[];
}

const initialState = (): ContractState => ({
  status: 'absent',
  terms: { titulo: '', conteudo: '', tipo: 'termo_personal' },
  versao: 0,
  signedBy: [],
});

function evolve(state: ContractState, event: ContractEvent): ContractState {
  switch (event.type) {
    case 'ContractCreated':
      return { status: 'active', terms: event.data, versao: 1, signedBy: [] };
    case 'ContractEdited':
      return { ...state, terms: { ...state.terms, ...event.data } };
    case 'ContractRevised': {
      const { versao, ...terms } = event.data;
      return { ...state, terms, versao, signedBy: [] };
    }
    case 'ContractDeactivated':
      return { ...state, status: 'inactive' };
    case 'ContractSigned':
      return { ...state, signedBy: [...state.signedBy, event.data.studentId] };
  }
}

/** dd/MM/yyyy of `now` in São Paulo: the {{data}} of a signature. */
const signingDate = (now: Date) => {
  const [year, month, day] = zonedParts(now, DEFAULT_TIME_ZONE).date.split('-');
  return `${day}/${month}/${year}`;
};

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function decide(
  command: ContractCommand,
  state: ContractState,
  now: Date,
): ContractEvent[] | DomainError {
  if (command.type === 'CreateContract') {
    if (state.status !== 'absent')
      return new ConflictError('contract_exists', 'Contrato já cadastrado');
    return [{ type: 'ContractCreated', data: command.terms }];
  }
  // An inactive contract is out of every list and takes no signature: not found, like a missing one.
  if (state.status !== 'active') return new NotFoundError('Contrato');
  switch (command.type) {
    case 'UpdateContract': {
      const { isActive, ...edits } = command.changes;
      const changed = Object.fromEntries(
        Object.entries(edits).filter(
          ([key, value]) => value !== undefined && state.terms[key as keyof ContractTerms] !== value,
        ),
      ) as Partial<ContractTerms>;
      const events: ContractEvent[] = [];
      const textChanged = changed.titulo !== undefined || changed.conteudo !== undefined;
      if (textChanged && state.signedBy.length > 0) {
        events.push({
          type: 'ContractRevised',
          data: { ...state.terms, ...changed, versao: state.versao + 1 },
        });
      } else if (Object.keys(changed).length > 0) {
        events.push({ type: 'ContractEdited', data: changed });
      }
      if (isActive === false) events.push({ type: 'ContractDeactivated', data: {} });
      return events;
    }
    case 'SignContract': {
      const { signer } = command;
      if (state.signedBy.includes(signer.studentId))
        return new ConflictError(ALREADY_SIGNED.code, ALREADY_SIGNED.message);
      const texto = fillPlaceholders(state.terms.conteudo, {
        nome: signer.nome,
        cpf: formatCpf(signer.cpf),
        telefone: formatPhone(signer.telefone),
        data: signingDate(now),
        personal: signer.personal,
      });
      return [
        {
          type: 'ContractSigned',
          data: {
            ...signer,
            versao: state.versao,
            titulo: state.terms.titulo,
            tipo: state.terms.tipo,
            texto,
            sha256: sha256Hex(texto),
            consentDataProcessing: true,
            consentTerms: true,
            consentWhatsApp: command.whatsapp,
            consentTimestamp: now.toISOString(),
          },
        },
      ];
    }
  }
}

/**
 * One contract's stream: its terms and version, active or not, and who signed its current
 * version. Signing twice is refused on the stream itself, so concurrent signatures of one student
 * collide on the stream version and the retry sees the first one.
 */
export const contractDecider: Decider<ContractCommand, ContractEvent, ContractState> = {
  streamType: 'contract',
  initialState,
  evolve,
  decide,
};
