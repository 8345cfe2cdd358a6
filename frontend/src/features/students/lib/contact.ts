import { formatPhone } from '@contracts/shared/br-documents';
import type { Student } from '@contracts/students/api';

/** Spec 001 §2: the phone (WhatsApp first), else the e-mail, else 'Sem contato'. */
export function studentContact(student: Pick<Student, 'whatsapp' | 'telefone' | 'email'>): {
  kind: 'phone' | 'email' | 'none';
  text: string;
} {
  const phone = student.whatsapp || student.telefone;
  if (phone) return { kind: 'phone', text: formatPhone(phone) };
  if (student.email) return { kind: 'email', text: student.email };
  return { kind: 'none', text: 'Sem contato' };
}
