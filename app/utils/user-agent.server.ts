import Bowser from 'bowser';

const UNKNOWN = 'Navegador desconhecido';

/**
 * A User-Agent in words for the sign-in alert and the list of sign-ins: 'Chrome 120 no Windows 10',
 * 'Safari 17 no iOS 17.1'. Parsed by bowser (decision 068); only the major version of the
 * browser, and 'Navegador desconhecido' for anything it does not name (a script, curl, nothing).
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = userAgent?.trim();
  if (!text) return UNKNOWN;
  const parsed = Bowser.parse(text.slice(0, 512));
  const browserName = parsed.browser.name;
  if (!browserName) return UNKNOWN;
  const major = parsed.browser.version?.split('.')[0];
  const browser = major ? `${browserName} ${major}` : browserName;
  const osName = parsed.os.name;
  if (!osName) return browser;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  return `${browser} no ${osVersion ? `${osName} ${osVersion}` : osName}`;
}
