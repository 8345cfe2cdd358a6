import { formatPhone } from '@contracts/shared/br-documents';
import type { Student, UpdateStudentInput } from '@contracts/students/api';

/** The edit form's fields, as typed (the WhatsApp masked). */
export interface StudentEditForm {
  nome: string;
  whatsapp: string;
  email: string;
  planoId: string | null;
  observacoes: string;
  ativo: boolean;
}

export function editFormOf(student: Student): StudentEditForm {
  return {
    nome: student.nome,
    whatsapp: formatPhone(student.whatsapp ?? ''),
    email: student.email ?? '',
    planoId: student.planoId,
    observacoes: student.observacoes ?? '',
    ativo: student.ativo,
  };
}

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

/**
 * Only what the trainer changed, as PATCH sends it (an emptied optional field is null), so a save
 * never overwrites what someone else changed meanwhile in another field.
 */
export function studentChanges(student: Student, form: StudentEditForm): UpdateStudentInput {
  const changes: UpdateStudentInput = {};
  if (form.nome.trim() !== student.nome) changes.nome = form.nome;
  const whatsappDigits = form.whatsapp.replace(/\D/g, '');
  if (whatsappDigits !== (student.whatsapp ?? '')) changes.whatsapp = whatsappDigits ? form.whatsapp : null;
  const email = orNull(form.email);
  if (email !== (student.email ?? null)) changes.email = email;
  if (form.planoId !== student.planoId) changes.planoId = form.planoId;
  const observacoes = orNull(form.observacoes);
  if (observacoes !== (student.observacoes ?? null)) changes.observacoes = observacoes;
  if (form.ativo !== student.ativo) changes.ativo = form.ativo;
  return changes;
}
