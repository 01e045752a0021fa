import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The mail kit (docs/mail.md): a template describes its mail as data (heading, blocks, one
 * action, why the user got it) and `renderEmail` writes both bodies from it: the HTML with
 * React (a table layout with inline styles, which Gmail, Outlook and phones all read) and the
 * plain text, line by line. So the two bodies never say different things.
 */

export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  /** Label and value rows: a receipt's item, amount, method, date. */
  | { kind: 'details'; rows: readonly (readonly [label: string, value: string])[] }
  /** Someone else's words (a support reply), set apart. */
  | { kind: 'quote'; author: string; text: string };

export type EmailMessage = {
  subject: string;
  /** The first line a mail client shows after the subject. */
  preheader: string;
  heading: string;
  blocks: readonly EmailBlock[];
  action?: { label: string; url: string };
  /** The footer's 'why you got this': 'Você recebeu este e-mail porque…'. */
  reason: string;
  /** When the mail can be switched off: the one-click link (also in List-Unsubscribe). */
  unsubscribeUrl?: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

const BRAND = 'E-Engenharia';
const colors = { text: '#0f172a', muted: '#475569', brand: '#1d4ed8', border: '#e2e8f0', background: '#f1f5f9' } as const;
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function Block({ block }: { block: EmailBlock }) {
  if (block.kind === 'paragraph') return <p style={{ margin: '0 0 16px', fontSize: 16, lineHeight: '24px' }}>{block.text}</p>;
  if (block.kind === 'quote') {
    return (
      <div style={{ margin: '0 0 16px', padding: '12px 16px', borderLeft: `4px solid ${colors.brand}`, background: colors.background }}>
        <p style={{ margin: '0 0 4px', fontSize: 13, color: colors.muted }}>{block.author}</p>
        <p style={{ margin: 0, fontSize: 15, lineHeight: '22px', whiteSpace: 'pre-wrap' }}>{block.text}</p>
      </div>
    );
  }
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px', borderCollapse: 'collapse' }}>
      <tbody>
        {block.rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: '8px 0', borderBottom: `1px solid ${colors.border}`, fontSize: 14, color: colors.muted }}>{label}</td>
            <td style={{ padding: '8px 0', borderBottom: `1px solid ${colors.border}`, fontSize: 14, textAlign: 'right', fontWeight: 600 }}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EmailDocument({ message }: { message: EmailMessage }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{message.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: colors.background, color: colors.text, fontFamily: font }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{message.preheader}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: colors.background }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, background: '#ffffff', borderRadius: 8, border: `1px solid ${colors.border}` }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: '20px 24px',
                          borderBottom: `1px solid ${colors.border}`,
                          fontSize: 18,
                          fontWeight: 700,
                          color: colors.brand,
                        }}
                      >
                        {BRAND}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24 }}>
                        <h1 style={{ margin: '0 0 16px', fontSize: 22, lineHeight: '30px' }}>{message.heading}</h1>
                        {message.blocks.map((block, index) => (
                          <Block key={index} block={block} />
                        ))}
                        {message.action ? (
                          <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '8px 0 0' }}>
                            <tbody>
                              <tr>
                                <td style={{ borderRadius: 6, background: colors.brand }}>
                                  <a
                                    href={message.action.url}
                                    style={{
                                      display: 'inline-block',
                                      padding: '12px 20px',
                                      color: '#ffffff',
                                      fontSize: 16,
                                      fontWeight: 600,
                                      textDecoration: 'none',
                                    }}
                                  >
                                    {message.action.label}
                                  </a>
                                </td>
                              </tr>
                            </tbody>
                          </table>
                        ) : null}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderTop: `1px solid ${colors.border}`,
                          fontSize: 12,
                          lineHeight: '18px',
                          color: colors.muted,
                        }}
                      >
                        {message.reason}
                        {message.unsubscribeUrl ? (
                          <>
                            {' '}
                            <a href={message.unsubscribeUrl} style={{ color: colors.muted }}>
                              Não quero mais receber este tipo de e-mail
                            </a>
                            .
                          </>
                        ) : null}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function textBlock(block: EmailBlock): string {
  if (block.kind === 'paragraph') return block.text;
  if (block.kind === 'quote')
    return `${block.author}:\n${block.text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n')}`;
  return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/** Both bodies of a mail from its description. */
export function renderEmail(message: EmailMessage): RenderedEmail {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<EmailDocument message={message} />)}`;
  const text = [
    BRAND,
    '',
    message.heading,
    '',
    ...message.blocks.flatMap((block) => [textBlock(block), '']),
    ...(message.action ? [`${message.action.label}: ${message.action.url}`, ''] : []),
    '--',
    message.reason,
    ...(message.unsubscribeUrl ? [`Não quero mais receber este tipo de e-mail: ${message.unsubscribeUrl}`] : []),
  ].join('\n');
  return { subject: message.subject, html, text };
}
