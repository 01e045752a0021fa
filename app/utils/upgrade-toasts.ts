import type { Toast } from './toast';

/** The upgrade flow's toasts, in the error catalogue's words. */
export const UPGRADE_TOASTS = {
  succeeded: { title: 'Pagamento realizado!', description: 'Seu upgrade foi concluído com sucesso.', type: 'success' },
  processing: {
    title: 'Pagamento em processamento',
    description: 'Estamos processando seu pagamento. Você receberá uma notificação em breve.',
    type: 'info',
  },
  /** The server confirmation answered with a refusal: the money is in, the plan follows (webhook). */
  confirmNotOk: {
    title: 'Pagamento processado',
    description: 'Seu pagamento foi processado, mas seu plano ainda está sendo atualizado. Aguarde alguns instantes.',
    type: 'info',
  },
  /** The server confirmation failed outright. */
  confirmFailed: {
    title: 'Pagamento processado',
    description: 'Seu pagamento foi processado. Se o problema persistir, entre em contato com o suporte.',
    type: 'info',
  },
  paymentError: (message?: string | null) =>
    ({
      title: 'Erro no pagamento',
      description: message || 'Ocorreu um erro ao processar o pagamento.',
      type: 'error',
    }) as const satisfies Toast,
  error: (message?: string | null) =>
    ({ title: 'Erro', description: message || 'Erro ao criar intenção de pagamento', type: 'error' }) as const satisfies Toast,
} as const satisfies Record<string, Toast | ((message?: string | null) => Toast)>;
