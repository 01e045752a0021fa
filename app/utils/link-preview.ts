/**
 * The link-preview fetchers of chat and social apps (WhatsApp, Teams, Slack, Telegram, Facebook,
 * X, LinkedIn, Discord, iMessage, which sends facebookexternalhit and Twitterbot's names): they
 * read a page's Open Graph tags once, never signed in. Named one by one rather than with isbot,
 * which also matches HeadlessChrome, curl and Node's fetch: those must keep getting the login
 * page like any visitor (decision 031).
 */
const LINK_PREVIEW_AGENTS =
  /WhatsApp|facebookexternalhit|Facebot|Twitterbot|Slackbot-LinkExpanding|Slack-ImgProxy|SkypeUriPreview|TelegramBot|LinkedInBot|Discordbot|Pinterestbot|redditbot|Embedly|Iframely|vkShare|Mastodon/i;

export function isLinkPreviewRequest(request: Pick<Request, 'method' | 'headers'>): boolean {
  const method = request.method.toUpperCase();
  return (method === 'GET' || method === 'HEAD') && LINK_PREVIEW_AGENTS.test(request.headers.get('User-Agent') ?? '');
}

/** The public page that answers a preview fetcher for `path`, a page that needs a login. */
export const linkPreviewPath = (path: string) => `/preview?${new URLSearchParams({ to: path })}`;
