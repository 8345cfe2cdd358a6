import { useQuery } from '@tanstack/react-query';
import { Button, Card, Group, NavLink, Skeleton, Stack, Text, Title } from '@mantine/core';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconClipboardList from '@tabler/icons-react/dist/esm/icons/IconClipboardList.mjs';
import IconDoorExit from '@tabler/icons-react/dist/esm/icons/IconDoorExit.mjs';
import IconFileZip from '@tabler/icons-react/dist/esm/icons/IconFileZip.mjs';
import IconFileCertificate from '@tabler/icons-react/dist/esm/icons/IconFileCertificate.mjs';
import IconLifebuoy from '@tabler/icons-react/dist/esm/icons/IconLifebuoy.mjs';
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconScale from '@tabler/icons-react/dist/esm/icons/IconScale.mjs';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import IconQrcode from '@tabler/icons-react/dist/esm/icons/IconQrcode.mjs';
import IconSettings from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
import IconShieldCheck from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs';
import IconShieldLock from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
import IconWorld from '@tabler/icons-react/dist/esm/icons/IconWorld.mjs';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandMark } from '../../../components/brand-mark';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { notifyError } from '../../../lib/notify';
import { useSignOut } from '../../../lib/use-sign-out';
import { useDownloadAccount } from '../api/account';
import { CloseAccountDialog } from '../components/close-account-dialog';
import { DeviceNotificationsSwitch } from '../components/device-notifications-switch';
import { aboutQuery } from '../../../entities/about';
import { isSupportLink } from '../lib/support-link';

interface Entry {
  label: string;
  description: string;
  to: string;
  icon: Icon;
}

/** Spec 001 §2 "Settings hub": Cadastros, Configurações, Conta. */
const sections: { title: string; entries: Entry[] }[] = [
  {
    title: 'Cadastros',
    entries: [
      { label: 'Planos', description: 'Pacotes de créditos e valores', to: paths.plans, icon: IconClipboardList },
      { label: 'Locais', description: 'Onde você atende', to: paths.locations, icon: IconMapPin },
      { label: 'Políticas', description: 'Regras de cancelamento por local', to: paths.policies, icon: IconShieldCheck },
      {
        label: 'Políticas e Termos Gerais',
        description: 'Termos de uso, privacidade, cancelamento e pagamento',
        to: paths.generalTerms,
        icon: IconScale,
      },
      {
        label: 'Contratos e Termos',
        description: 'Contratos para seus alunos assinarem',
        to: paths.contracts,
        icon: IconFileCertificate,
      },
    ],
  },
  {
    title: 'Configurações',
    entries: [
      {
        label: 'Configurações',
        description: 'Metas financeiras, moeda e fuso horário',
        to: paths.goals,
        icon: IconSettings,
      },
      { label: 'Recebimento por PIX', description: 'Chave PIX das cobranças', to: paths.pixSettings, icon: IconQrcode },
      { label: 'Lembretes', description: 'Lembretes automáticos das sessões', to: paths.reminderSettings, icon: IconBell },
      {
        label: 'WhatsApp',
        description: 'Mensagens aos alunos pelo WhatsApp Business',
        to: paths.whatsappSettings,
        icon: IconBrandWhatsapp,
      },
      { label: 'Link Público', description: 'Sua página de agendamento online', to: paths.publicLink, icon: IconWorld },
    ],
  },
];

const twoFactorEntry: Entry = {
  label: 'Verificação em duas etapas',
  description: 'Código do app autenticador ao entrar',
  to: paths.twoFactor,
  icon: IconShieldLock,
};

/** A settings page the hub leads to. */
function EntryLink({ entry }: { entry: Entry }) {
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      description={entry.description}
      leftSection={<entry.icon size={20} stroke={1.75} />}
      rightSection={<IconChevronRight size={16} />}
      px="md"
      py="sm"
    />
  );
}

/** Something done to the account at once (export, close, sign out); in red when it ends something. */
function AccountAction({
  icon: ActionIcon,
  danger = false,
  ...props
}: {
  label: string;
  description?: string;
  icon: Icon;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <NavLink
      component="button"
      leftSection={<ActionIcon size={20} stroke={1.75} />}
      color={danger ? 'red' : undefined}
      c={danger ? 'red' : undefined}
      px="md"
      py="sm"
      {...props}
    />
  );
}

function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card p={0}>
      <Title order={2} fz="xs" c="dimmed" tt="uppercase" px="md" pt="md" pb={6} style={{ letterSpacing: '0.04em' }}>
        {title}
      </Title>
      <Stack gap={0} pb={6}>
        {children}
      </Stack>
    </Card>
  );
}

function AboutCard() {
  const about = useQuery(aboutQuery());
  const suporte = about.data?.suporte;
  const supportAvailable = isSupportLink(suporte);

  return (
    <Card>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <BrandMark size={40} />
          <div>
            <Text fw={700}>{about.data?.nome ?? 'Vira'}</Text>
            {about.isPending ? (
              <Skeleton h={14} w={90} mt={4} />
            ) : (
              <Text size="sm" c="dimmed">
                {about.data ? `Versão ${about.data.versao}` : 'Versão indisponível'}
              </Text>
            )}
          </div>
        </Group>
        <Group gap="sm" wrap="wrap">
          {supportAvailable ? (
            <Button
              component="a"
              href={suporte}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconLifebuoy size={18} />}
            >
              Suporte
            </Button>
          ) : (
            <>
              <Button variant="light" leftSection={<IconLifebuoy size={18} />} disabled>
                Suporte
              </Button>
              {!about.isPending && (
                <Text size="sm" c="dimmed">
                  O contato de suporte ainda não foi configurado.
                </Text>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** /ajustes: how a trainer on a phone reaches plans, locations, policies, settings and 'Sair'. */
export function SettingsPage() {
  const signOut = useSignOut();
  const download = useDownloadAccount();
  const [closing, setClosing] = useState(false);

  return (
    <>
      <PageHeader title="Ajustes" />
      <Stack gap="md" maw={720}>
        {sections.map((section) => (
          <SectionCard key={section.title} title={section.title}>
            {section.entries.map((entry) => (
              <EntryLink key={entry.to} entry={entry} />
            ))}
          </SectionCard>
        ))}
        <SectionCard title="Conta">
          <EntryLink entry={twoFactorEntry} />
          <DeviceNotificationsSwitch />
          <AccountAction
            label="Exportar conta"
            description="Tudo da conta em planilhas (CSV), num arquivo .zip"
            icon={IconFileZip}
            disabled={download.isPending}
            onClick={() => download.mutate(undefined, { onError: (error) => notifyError('Erro ao exportar a conta', error) })}
          />
          <AccountAction
            label="Encerrar conta"
            description="Apaga a conta e os dados pessoais, de vez"
            icon={IconDoorExit}
            danger
            onClick={() => setClosing(true)}
          />
          <AccountAction label="Sair" icon={IconLogout} danger onClick={() => void signOut()} />
        </SectionCard>
        <AboutCard />
      </Stack>
      <CloseAccountDialog opened={closing} onClose={() => setClosing(false)} />
    </>
  );
}
