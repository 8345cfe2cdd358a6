import type { Plan } from '@contracts/plans/api';
import type { Student } from '@contracts/students/api';
import { Anchor, Badge, Button, Card, Group, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import IconCash from '@tabler/icons-react/dist/esm/icons/IconCash.mjs';
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs';
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconPhone from '@tabler/icons-react/dist/esm/icons/IconPhone.mjs';
import IconRefresh from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import IconUserOff from '@tabler/icons-react/dist/esm/icons/IconUserOff.mjs';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { CreditBadge, isLowBalance } from '../../../components/credit-badge';
import { paths } from '../../../config/paths';
import { studentContact } from '../lib/contact';
import { isRenewable } from '../lib/renewal';
import classes from './student-card.module.css';

export interface StudentCardActions {
  onRenew: (student: Student, plan: Plan) => void;
  onCharge: (student: Student) => void;
  onInvite: (student: Student) => void;
  onDelete: (student: Student) => void;
}

export interface StudentCardProps extends StudentCardActions {
  student: Student;
  /** The student's plan, when known (archived ones included). */
  plan: Plan | undefined;
  /** Whether plans are still loading (the plan line waits rather than saying 'Sem plano'). */
  plansLoading: boolean;
  renewing: boolean;
  inviting: boolean;
}

export const LOW_BALANCE_WARNING = 'Saldo baixo - Sugerir renovação do plano';

/** The edit page goes back (history) to the list as it was: search and order included. */
const EDIT_FROM_LIST = { from: paths.students };

const ContactIcon = { phone: IconPhone, email: IconMail, none: IconUserOff } as const;

/**
 * One student of the list (spec 001 §2): name (to the student's page), balance, contact, plan,
 * notes, the low-balance warning and the card's buttons. Memoised: a realtime refetch that keeps a
 * student's object (TanStack Query shares unchanged items) leaves its card alone.
 */
export const StudentCard = memo(function StudentCard({
  student,
  plan,
  plansLoading,
  renewing,
  inviting,
  onRenew,
  onCharge,
  onInvite,
  onDelete,
}: StudentCardProps) {
  const contact = studentContact(student);
  const Icon = ContactIcon[contact.kind];
  const renewable = isRenewable(plan) ? plan : undefined;
  const planName = student.planoId ? (plan?.nome ?? (plansLoading ? '…' : 'Sem plano')) : 'Sem plano';

  return (
    <Card
      component="article"
      className={classes.card}
      data-inactive={student.ativo ? undefined : true}
      aria-label={student.nome}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Anchor component={Link} to={paths.student(student.id)} className={classes.name} underline="hover">
          {student.nome}
        </Anchor>
        <CreditBadge creditos={student.creditos} size="lg" />
      </Group>
      {!student.ativo && (
        <Badge variant="outline" color="gray" tt="none" w="fit-content">
          Inativo
        </Badge>
      )}
      <div className={classes.line}>
        <Icon size={16} className={classes.icon} aria-hidden />
        <Text component="span" size="sm" c={contact.kind === 'none' ? 'dimmed' : undefined}>
          {contact.text}
        </Text>
      </div>
      <Text size="sm">
        <Text component="span" c="dimmed" size="sm">
          Plano:
        </Text>{' '}
        {planName}
      </Text>
      {student.observacoes && (
        <Text size="sm" c="dimmed" lineClamp={3} className={classes.notes}>
          {student.observacoes}
        </Text>
      )}
      {isLowBalance(student.creditos) && (
        <div className={classes.warning} role="note">
          <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <span>{LOW_BALANCE_WARNING}</span>
        </div>
      )}
      <div className={classes.actions}>
        {renewable && (
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={renewing}
            onClick={() => onRenew(student, renewable)}
          >
            Renovar
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCash size={14} />}
          className={renewable ? undefined : classes.wide}
          onClick={() => onCharge(student)}
        >
          Cobrar
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconLink size={14} />}
          className={classes.wide}
          loading={inviting}
          onClick={() => onInvite(student)}
        >
          Gerar Link de Convite
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          component={Link}
          to={paths.editStudent(student.id)}
          state={EDIT_FROM_LIST}
        >
          Editar
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => onDelete(student)}
        >
          Excluir
        </Button>
      </div>
    </Card>
  );
});
