import { LightLink } from '~/components/ui/light-link';
import { type MetaFunction } from '@remix-run/node';
import { type ReactNode } from 'react';

export const meta: MetaFunction = () => [
  { title: 'Termos de Uso — E-Engenharia' },
  { name: 'description', content: 'Termos de Uso da plataforma E-Engenharia. Última atualização: 9 de junho de 2025.' },
];

type Section = { title: string; body: ReactNode };

const SECTIONS: Section[] = [
  {
    title: 'Aceitação dos Termos',
    body: (
      <>
        <p>
          Ao acessar ou utilizar a plataforma E-Engenharia, você declara que leu, compreendeu e concorda com estes Termos de Uso. Se você
          não concordar com qualquer condição aqui descrita, não utilize a plataforma.
        </p>
        <p>
          O uso da plataforma é permitido a pessoas maiores de 18 anos ou legalmente capazes, que se comprometem a fornecer informações
          verdadeiras.
        </p>
      </>
    ),
  },
  {
    title: 'Descrição do Serviço',
    body: (
      <>
        <p>
          A E-Engenharia é uma plataforma voltada a profissionais de engenharia que oferece calculadoras e ferramentas nas categorias
          mecânica, elétrica, têxtil, informática e química, cursos especializados com aulas e materiais, notificações, avaliações de
          ferramentas e um chat de suporte.
        </p>
        <p>
          O conteúdo disponível para cada usuário depende do seu nível de acesso (E-BASIC, E-TOOL ou E-MASTER). Podemos incluir, alterar ou
          remover ferramentas e cursos a qualquer momento, buscando sempre melhorar o serviço.
        </p>
      </>
    ),
  },
  {
    title: 'Cadastro e Conta',
    body: (
      <>
        <p>
          Para utilizar a plataforma é necessário criar uma conta informando nome de usuário, e-mail, CPF e senha. Você é responsável pela
          veracidade desses dados e por mantê-los atualizados.
        </p>
        <p>
          A conta é pessoal e intransferível. Você é responsável por manter sua senha em sigilo e por todas as atividades realizadas com
          ela. Por segurança, um novo login encerra as sessões abertas em outros dispositivos.
        </p>
      </>
    ),
  },
  {
    title: 'Planos e Pagamentos',
    body: (
      <>
        <p>
          A plataforma oferece o plano gratuito E-BASIC e os planos pagos E-TOOL (anunciado a R$ 29,90/mês) e E-MASTER (anunciado a R$
          59,90/mês), que inclui cursos, materiais exclusivos e suporte premium. Os valores vigentes são os exibidos na página de upgrade no
          momento da contratação.
        </p>
        <p>
          Os planos pagos não são recorrentes: não há renovação automática nem cobrança futura sem sua ação. O acesso contratado vale pelo
          período adquirido e, ao final dele, a conta retorna automaticamente ao nível anterior.
        </p>
        <p>
          Os pagamentos são processados por um provedor de pagamentos com cartão; a E-Engenharia não armazena os dados do seu cartão.
          Códigos promocionais podem conceder dias de acesso ou acesso a cursos, conforme as condições de cada código.
        </p>
      </>
    ),
  },
  {
    title: 'Uso Aceitável',
    body: (
      <>
        <p>Ao utilizar a plataforma, você se compromete a não:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>compartilhar sua conta ou revender o acesso a ferramentas e cursos;</li>
          <li>copiar, distribuir ou publicar os materiais exclusivos sem autorização;</li>
          <li>tentar acessar áreas restritas, contornar limites de acesso ou prejudicar o funcionamento do serviço;</li>
          <li>publicar comentários ou mensagens ofensivas, ilegais ou que violem direitos de terceiros.</li>
        </ul>
        <p>O descumprimento destas regras pode levar à suspensão ou ao encerramento da conta.</p>
      </>
    ),
  },
  {
    title: 'Propriedade Intelectual',
    body: (
      <p>
        Todo o conteúdo da plataforma — incluindo ferramentas, calculadoras, cursos, aulas, materiais, textos, marcas e logotipos — pertence
        à E-Engenharia ou aos seus licenciantes e é protegido pela legislação de direitos autorais e de propriedade industrial. A
        contratação de um plano concede apenas uma licença de uso pessoal, limitada e não exclusiva.
      </p>
    ),
  },
  {
    title: 'Privacidade e Dados Pessoais',
    body: (
      <>
        <p>
          Tratamos seus dados pessoais de acordo com a Lei Geral de Proteção de Dados Pessoais (LGPD — Lei nº 13.709/2018), apenas para
          prestar o serviço, cumprir obrigações legais e garantir a segurança da sua conta.
        </p>
        <p>
          O CPF informado no cadastro é utilizado para a recuperação de senha e para liberar ferramentas restritas a determinados usuários.
          Você pode desativar a recuperação de senha por CPF na página Minha Conta.
        </p>
        <p>
          Você pode solicitar acesso, correção ou exclusão dos seus dados pelos canais indicados na página de{' '}
          <LightLink to="/contact" className="text-brand-600 hover:underline">
            contato
          </LightLink>
          .
        </p>
      </>
    ),
  },
  {
    title: 'Limitação de Responsabilidade',
    body: (
      <>
        <p>
          As ferramentas e os cursos têm caráter de apoio técnico. Os resultados dos cálculos devem ser verificados por um profissional
          habilitado e não substituem projetos, laudos ou a responsabilidade técnica do engenheiro.
        </p>
        <p>
          Na máxima extensão permitida pela lei, a responsabilidade total da E-Engenharia por quaisquer danos relacionados ao uso da
          plataforma fica limitada aos valores efetivamente pagos por você nos últimos 12 (doze) meses.
        </p>
      </>
    ),
  },
  {
    title: 'Alterações dos Termos',
    body: (
      <p>
        Estes Termos de Uso podem ser atualizados a qualquer momento. A data da última atualização aparece no topo desta página e, em caso
        de mudanças relevantes, avisaremos pelas notificações da plataforma. O uso continuado após a atualização significa a aceitação dos
        novos termos.
      </p>
    ),
  },
  {
    title: 'Foro',
    body: (
      <p>
        Estes termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da Comarca de São Paulo/SP para dirimir
        quaisquer controvérsias decorrentes destes termos, com renúncia a qualquer outro, por mais privilegiado que seja.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Termos de Uso</h1>
        <p className="mt-2 text-sm text-slate-500">Última atualização: 9 de junho de 2025</p>
      </header>

      <nav aria-labelledby="terms-index-title" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6">
        <h2 id="terms-index-title" className="text-lg font-semibold text-slate-900">
          Índice
        </h2>
        <ol className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          {SECTIONS.map((section, index) => (
            <li key={section.title}>
              <a href={`#secao-${index + 1}`} className="text-brand-600 hover:text-brand-700 hover:underline">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-10">
        {SECTIONS.map((section, index) => (
          <section key={section.title} id={`secao-${index + 1}`} aria-labelledby={`secao-${index + 1}-title`} className="scroll-mt-24">
            <h2 id={`secao-${index + 1}-title`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{section.body}</div>
          </section>
        ))}
      </div>

      <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-500">
        Dúvidas sobre estes termos? Fale com a gente pela página de{' '}
        <LightLink to="/contact" className="text-brand-600 hover:underline">
          contato
        </LightLink>
        .
      </p>
    </div>
  );
}
