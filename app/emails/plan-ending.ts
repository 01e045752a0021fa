import { greeting } from './greeting';
import type { EmailMessage } from './render';

export type PlanEnding = {
  name: string | null;
  /** The plan that ends: 'E-TOOL' or 'E-MASTER'. */
  plan: string;
  /** Whole days left, 1 to 3 (rounded up). */
  daysLeft: number;
  /** When it ends, São Paulo time: '30/11/2026 10:15'. */
  endsAt: string;
  /** The level the account goes back to: 'E-BASIC' or a lower plan still running. */
  fallsBackTo: string;
  upgradeUrl: string;
  unsubscribeUrl: string;
};

const inDays = (days: number) => (days === 1 ? 'em 1 dia' : `em ${days} dias`);

/** 'Seu plano termina em 3 dias' ('plan-reminder', optional), from the daily job. */
export function planEndingEmail(plan: PlanEnding): EmailMessage {
  return {
    subject: `Seu plano termina ${inDays(plan.daysLeft)}`,
    preheader: `O plano ${plan.plan} termina em ${plan.endsAt}. Renove para não perder o acesso.`,
    heading: `Seu plano ${plan.plan} termina ${inDays(plan.daysLeft)}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${greeting(plan.name)} O seu plano ${plan.plan} termina em ${plan.endsAt}. Depois disso, sua conta volta ao plano ${plan.fallsBackTo}.`,
      },
      {
        kind: 'paragraph',
        text: 'Para continuar com as mesmas ferramentas, renove o plano antes dessa data: os novos dias começam quando os atuais terminam.',
      },
    ],
    action: { label: 'Renovar meu plano', url: plan.upgradeUrl },
    reason: `Você recebeu este e-mail porque tem o plano ${plan.plan} no E-Engenharia e os avisos do plano estão ligados.`,
    unsubscribeUrl: plan.unsubscribeUrl,
  };
}
