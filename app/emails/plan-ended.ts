import { greeting } from './greeting';
import type { EmailMessage } from './render';

export type PlanEnded = {
  name: string | null;
  plan: string;
  /** When it ended, São Paulo time. */
  endedAt: string;
  /** The level the account is on now. */
  nowOn: string;
  upgradeUrl: string;
  unsubscribeUrl: string;
};

/** 'Seu plano terminou' ('plan-reminder', optional), from the daily job. */
export function planEndedEmail(plan: PlanEnded): EmailMessage {
  return {
    subject: 'Seu plano terminou',
    preheader: `O plano ${plan.plan} terminou em ${plan.endedAt}. Sua conta está no plano ${plan.nowOn}.`,
    heading: `Seu plano ${plan.plan} terminou`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${greeting(plan.name)} O seu plano ${plan.plan} terminou em ${plan.endedAt}, e sua conta voltou ao plano ${plan.nowOn}.`,
      },
      {
        kind: 'paragraph',
        text: 'Seus cálculos salvos continuam no histórico. Para voltar a usar as ferramentas do plano, escolha um novo período.',
      },
    ],
    action: { label: 'Escolher um plano', url: plan.upgradeUrl },
    reason: `Você recebeu este e-mail porque teve o plano ${plan.plan} no E-Engenharia e os avisos do plano estão ligados.`,
    unsubscribeUrl: plan.unsubscribeUrl,
  };
}
