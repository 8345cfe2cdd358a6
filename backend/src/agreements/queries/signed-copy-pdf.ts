import { CONTRACT_TYPE_LABELS, type ContractType } from '../../contracts/agreements/api';
import { renderPdf } from '../../platform/pdf/pdf-document';
import type { SignedCopy } from './contracts.repository';

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));

/** The signed copy of a contract: the text as signed, the signer, when, the consents and the hash. */
export function signedCopyPdf(copy: SignedCopy, tipo?: ContractType): Promise<Buffer> {
  return renderPdf({
    title: copy.titulo,
    subtitle: `${tipo ? `${CONTRACT_TYPE_LABELS[tipo]} · ` : ''}Versão ${copy.versao} · Assinado em ${dateTime(copy.signedAt)} (horário de Brasília)`,
    author: copy.personal,
    blocks: [
      ...copy.texto
        .split(/\n{2,}/)
        .map((text) => ({ kind: 'paragraph' as const, text: text.trim() }))
        .filter((block) => block.text.length > 0),
      { kind: 'heading', text: 'Assinatura eletrônica' },
      {
        kind: 'fields',
        rows: [
          ['Assinado por', copy.nome],
          ['CPF', copy.cpf],
          ['Telefone', copy.telefone],
          ['Personal', copy.personal],
          ['Data e hora', `${dateTime(copy.signedAt)} (horário de Brasília)`],
          [
            'Consentimentos',
            `Tratamento de dados pessoais (LGPD): ${copy.consentDataProcessing ? 'sim' : 'não'}; concordância com os termos: ${copy.consentTerms ? 'sim' : 'não'} (${dateTime(copy.consentTimestamp)})`,
          ],
          ['Endereço IP (anonimizado)', copy.ipAddress ?? 'não informado'],
          ['Navegador', copy.userAgent ?? 'não informado'],
          ['SHA-256 do texto', copy.sha256],
        ],
      },
      { kind: 'signature', lines: [copy.nome, `CPF ${copy.cpf}`] },
    ],
    footer: `SHA-256 ${copy.sha256}`,
  });
}
