import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';

interface TermsSection {
  id: string;
  title: string;
  items: string[];
}

/**
 * Spec 001 §2 and §9: the static general terms. The cancellation section agrees with the default
 * policy (24 h, no fee, no credit burned) and the public FAQ (under 12 hours may cost 1 credit or a
 * fee); lateness is tolerated up to 10 minutes, beyond 15 the session may be cancelled; plan
 * cancellation takes effect next cycle, billing is monthly on day 1, policy changes are notified
 * 30 days ahead.
 */
const sections: TermsSection[] = [
  {
    id: 'termos-de-uso',
    title: 'Termos de uso',
    items: [
      'O Vira é uma ferramenta de gestão para personal trainers: agenda, alunos, planos, locais, finanças e contratos. Ao usar o Vira, você concorda com estes termos.',
      'O acesso é pessoal e intransferível. Mantenha sua senha em sigilo e avise o suporte se suspeitar de uso indevido da sua conta.',
      'Você é responsável pelas informações que cadastra e deve ter a autorização dos seus alunos para registrar os dados deles.',
      'Não é permitido usar o Vira para atividades ilegais, para enviar mensagens não solicitadas ou para tentar acessar dados de outras contas.',
    ],
  },
  {
    id: 'privacidade',
    title: 'Privacidade (LGPD)',
    items: [
      'Os dados pessoais são tratados de acordo com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018).',
      'Coletamos apenas o necessário para o serviço: dados de cadastro (nome, e-mail, telefone, CPF e data de nascimento), agenda, créditos, pagamentos e assinaturas de contratos.',
      'Os dados são usados para operar o serviço. Não são vendidos nem compartilhados para fins de publicidade.',
      'Na assinatura de um contrato, registramos a data, os consentimentos dados e o endereço IP de forma anonimizada.',
      'Você pode pedir acesso, correção, portabilidade ou exclusão dos seus dados, e revogar consentimentos, pelo suporte disponível em Ajustes.',
    ],
  },
  {
    id: 'cancelamento',
    title: 'Cancelamento e reagendamento',
    items: [
      'Sessões podem ser canceladas ou reagendadas sem custo até 24 horas antes do horário marcado.',
      'Cancelamentos com menos de 12 horas de antecedência podem custar 1 crédito ou uma taxa, conforme a política de cancelamento do local.',
      'Cada local pode ter a sua própria política (prazo, taxa e consumo de crédito), informada pelo personal ao aluno.',
      'O aluno tem tolerância de até 10 minutos de atraso. Com mais de 15 minutos de atraso, a sessão pode ser cancelada.',
      'Reagendamentos dependem dos horários disponíveis do personal.',
    ],
  },
  {
    id: 'pagamento',
    title: 'Pagamento e reembolso',
    items: [
      'Os planos mensais são cobrados no dia 1º de cada mês.',
      'O cancelamento de um plano vale a partir do ciclo seguinte: o mês já pago continua valendo até o fim.',
      'Pedidos de reembolso são tratados diretamente com o personal, considerando as sessões já realizadas e os créditos já consumidos.',
      'Mudanças nas políticas de cancelamento, pagamento ou reembolso são comunicadas com 30 dias de antecedência.',
    ],
  },
  {
    id: 'responsabilidades',
    title: 'Responsabilidades',
    items: [
      'O personal é responsável pela prescrição e pela condução dos treinos e pelas orientações que passa aos alunos.',
      'O aluno deve informar ao personal suas condições de saúde, lesões e restrições, e seguir as orientações durante as sessões.',
      'O Vira organiza agenda, cobranças e registros, mas não presta serviços de educação física nem responde pela execução dos treinos.',
      'Indicadores financeiros e sugestões de reserva são estimativas de apoio e não substituem a orientação de um contador.',
    ],
  },
];

export function GeneralTermsPage() {
  return (
    <>
      <PageHeader
        title="Políticas e Termos Gerais"
        description="Última atualização: janeiro de 2025"
        backTo={paths.settings}
      />
      <Stack gap="md" maw={760}>
        <Card component="nav" aria-label="Seções" padding="md">
          <Text size="sm" fw={600} mb={6}>
            Nesta página
          </Text>
          <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`} size="sm">
                  {section.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Card>
        {sections.map((section) => (
          <Card
            key={section.id}
            component="section"
            id={section.id}
            aria-labelledby={`${section.id}-titulo`}
            style={{ scrollMarginTop: 80 }}
          >
            <Title order={2} fz="lg" mb="sm" id={`${section.id}-titulo`}>
              {section.title}
            </Title>
            <List spacing="xs" size="sm" lh={1.6}>
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
        ))}
        <Text size="sm" c="dimmed" ta="center">
          Última atualização: janeiro de 2025
        </Text>
      </Stack>
    </>
  );
}
