const FAQ = [
  {
    question: 'O plano é renovado automaticamente?',
    answer: 'Não. O pagamento é único: o acesso dura 30 dias por mês contratado e depois a conta volta ao nível anterior.',
  },
  {
    question: 'Quais formas de pagamento são aceitas?',
    answer:
      'Cartão de crédito. Sem JavaScript, ou na página de pagamento do Stripe, também Pix e boleto, que são confirmados depois (o boleto em cerca de um dia útil).',
  },
  {
    question: 'Quando o acesso é liberado?',
    answer: 'Assim que o pagamento é confirmado: na hora para cartão e Pix, e após a compensação para boleto. Você recebe uma notificação.',
  },
  {
    question: 'Posso pedir reembolso?',
    answer:
      'Sim. Em até 7 dias após o pagamento, peça o reembolso em Minha Conta, na seção Pagamentos. O acesso daquele pagamento é removido quando o reembolso é aprovado.',
  },
  {
    question: 'Meus dados de cartão ficam no site?',
    answer: 'Não. Os dados do cartão são enviados diretamente ao Stripe, nosso processador de pagamentos.',
  },
] as const;

/** The upgrade page's FAQ, as native details (no JavaScript needed). */
export function UpgradeFaq() {
  return (
    <section aria-labelledby="upgrade-faq" className="mt-12">
      <h2 id="upgrade-faq" className="text-xl font-bold">
        Perguntas Frequentes
      </h2>
      <div className="mt-4 grid gap-2">
        {FAQ.map((item) => (
          <details key={item.question} className="card">
            <summary className="cursor-pointer font-medium">{item.question}</summary>
            <p className="mt-2 text-sm text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
