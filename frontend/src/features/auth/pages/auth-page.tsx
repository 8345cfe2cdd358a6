import { Alert, Card, Divider, Group, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import IconCalendarStats from '@tabler/icons-react/dist/esm/icons/IconCalendarStats.mjs';
import IconPigMoney from '@tabler/icons-react/dist/esm/icons/IconPigMoney.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { BrandMark } from '../../../components/brand-mark';
import { useMe } from '../../../entities/me';
import { takeClosedAccountNotice } from '../../../lib/closed-account-notice';
import { useSession } from '../../../lib/session-store';
import { useLatched } from '../../../lib/use-latched';
import { providerNames, type IdentityProvider } from '../api/provider-sign-in';
import { LoginForm } from '../components/login-form';
import { notConfiguredMessage, ProviderButtons } from '../components/provider-buttons';
import classes from './auth-page.module.css';

/**
 * Fetched the first time they are shown: /auth is a first screen, held to a JavaScript budget, and
 * these forms bring the identity contract's schemas (CPF rules, dates) with them.
 */
const RegisterForm = lazy(() => import('../components/register-form').then((module) => ({ default: module.RegisterForm })));
const ResetPasswordForm = lazy(() =>
  import('../components/reset-password-form').then((module) => ({ default: module.ResetPasswordForm })),
);
const ForgotPasswordDialog = lazy(() =>
  import('../components/forgot-password-dialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);

function isProvider(value: string | null): value is IdentityProvider {
  return value !== null && value in providerNames;
}

/** Where the confirmation e-mail's link lands: `/auth?confirmed=1` or `?confirmed=0`. */
function ConfirmationResult({ confirmed }: { confirmed: string | null }) {
  if (confirmed === '1') {
    return (
      <Alert color="teal" mb="lg">
        E-mail confirmado! Faça login.
      </Alert>
    );
  }
  if (confirmed === '0') {
    return (
      <Alert color="red" mb="lg">
        Link de confirmação inválido ou expirado. Faça login para receber um novo.
      </Alert>
    );
  }
  return null;
}

function Hero() {
  return (
    <aside className={classes.hero}>
      <Group gap="sm">
        <BrandMark size={40} />
        <Text fw={800} fz={24}>
          Vira
        </Text>
      </Group>
      <Stack gap="lg" maw={460}>
        <Title order={2} fz={40} lh={1.1} c="white">
          Sua agenda que vira dinheiro
        </Title>
        <Text fz="lg" opacity={0.85}>
          Previsto × recebido e reserva sugerida
        </Text>
        <List spacing="sm" center>
          <List.Item icon={<IconCalendarStats size={20} />}>Agenda de treinos, tarefas e horários disponíveis</List.Item>
          <List.Item icon={<IconUsers size={20} />}>Alunos com saldo de créditos e planos</List.Item>
          <List.Item icon={<IconPigMoney size={20} />}>Receitas, metas e reserva do mês em um só lugar</List.Item>
        </List>
      </Stack>
      <Text fz="sm" opacity={0.7}>
        Feito para personal trainers independentes.
      </Text>
    </aside>
  );
}

/** /agenda/{personalId}: a student's self-scheduling, not the trainer's agenda views. */
const isStudentScheduling = (path: string) => /^\/agenda\/(?!tarefas(?:$|[/?]))[^/?]+/.test(path);

export function AuthPage() {
  const status = useSession((state) => state.status);
  const { data: me } = useMe();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [forgotOpened, forgot] = useDisclosure(false);
  const [closedNotice] = useState(takeClosedAccountNotice);
  const forgotMounted = useLatched(forgotOpened);
  const [tab, setTab] = useState('login');
  const [registeredEmail, setRegisteredEmail] = useState('');
  const resetToken = searchParams.get('reset');
  const providerError = searchParams.get('error');
  const provider = searchParams.get('provider');
  // An identity provider's sign-in of an account with two-factor on comes back for the code.
  const challenge = searchParams.get('mfa') ?? undefined;

  useEffect(() => {
    if (!providerError) return;
    notifications.show({
      color: 'red',
      message:
        providerError === 'provider_not_enabled' && isProvider(provider)
          ? notConfiguredMessage(provider)
          : 'Não foi possível fazer login. Tente novamente.',
    });
    setSearchParams({}, { replace: true });
  }, [providerError, provider, setSearchParams]);

  const from = (location.state as { from?: string } | null)?.from;
  // The trainer's self-scheduling link, opened signed out: the student signs in and goes on to it.
  const scheduling = from !== undefined && isStudentScheduling(from);
  // Signed in: once the profile is read, on to the area of the user's role.
  if (status === 'signed-in' && me) {
    if (me.role === 'aluno') return <Navigate to={scheduling ? from : '/aluno'} replace />;
    return <Navigate to={from ?? '/'} replace />;
  }

  return (
    <div className={classes.page}>
      <Hero />
      <main className={classes.formSide}>
        <div className={classes.formColumn}>
          <Stack align="center" gap={6} mb="xl" ta="center">
            <BrandMark size={48} />
            <Title order={1} fz={26}>
              {resetToken ? 'Definir nova senha' : 'Bem-vindo ao Vira'}
            </Title>
            <Text c="dimmed" size="sm">
              Sua agenda que vira dinheiro
            </Text>
          </Stack>
          {scheduling && !resetToken && (
            <Alert color="teal" variant="light" mb="md" title="Agendamento pelo aluno">
              Entre com a sua conta de aluno para agendar seu treino. Ainda não tem conta? Peça o link de convite ao
              seu personal.
            </Alert>
          )}
          <Card p={{ base: 'lg', sm: 'xl' }} shadow="sm">
            {resetToken ? (
              <Suspense fallback={null}>
                <ResetPasswordForm token={resetToken} onDone={() => setSearchParams({}, { replace: true })} />
              </Suspense>
            ) : (
              <>
                <ConfirmationResult confirmed={searchParams.get('confirmed')} />
                {closedNotice && (
                  <Alert color="gray" mb="lg">
                    {closedNotice}
                  </Alert>
                )}
                <Tabs value={tab} onChange={(value) => setTab(value ?? 'login')} variant="pills" radius="md" keepMounted={false}>
                  <Tabs.List grow mb="lg">
                    <Tabs.Tab value="login">Entrar</Tabs.Tab>
                    <Tabs.Tab value="register">Cadastrar</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="login">
                    <LoginForm
                      onForgotPassword={forgot.open}
                      initialEmail={registeredEmail}
                      challenge={challenge}
                      onChallengeDone={() => setSearchParams({}, { replace: true })}
                    />
                  </Tabs.Panel>
                  <Tabs.Panel value="register">
                    <Suspense fallback={null}>
                      <RegisterForm
                        onRegistered={(email) => {
                          // Next comes signing in, once the e-mail is confirmed: with that e-mail.
                          setRegisteredEmail(email);
                          setTab('login');
                        }}
                      />
                    </Suspense>
                  </Tabs.Panel>
                  <Divider label="ou continue com" labelPosition="center" my="lg" />
                  <ProviderButtons />
                </Tabs>
              </>
            )}
          </Card>
        </div>
      </main>
      {forgotMounted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened={forgotOpened} onClose={forgot.close} />
        </Suspense>
      )}
    </div>
  );
}
