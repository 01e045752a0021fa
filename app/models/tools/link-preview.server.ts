import { hasInputs, calculatorPath, canonicalQuery } from '../../calculators/view';
import { runCalculator } from '../../calculators';
import { resultsText } from '../../calculators/result-text';
import { AppError } from '../../utils/errors';
import { safePath } from '../../utils/safe-path';
import { SITE_DESCRIPTION, SITE_NAME } from '../../utils/meta';
import { siteUrl } from '../../utils/security.server';
import { getCourse } from '../courses/course.server';
import { findCalculatorFor } from './calculator-access.server';

/**
 * What a link-preview fetcher (WhatsApp, Teams…) may learn about a page that needs a login: only
 * what a new free account (E-BASIC, no CPF) would see there (decision 031). A calculator open to
 * E-BASIC shows its main results for the inputs in the link (they are in the link already); a
 * paid one its name and plan, never a result; a hidden or unknown calculator or course, and
 * every other page, the site's own card. No user's data is read.
 */

export type LinkPreview = {
  title: string;
  description: string;
  /** The link as shared (canonical for a calculation), absolute with PUBLIC_ORIGIN. */
  url: string;
  /** Where the 'Entrar' button goes: the login, then the page itself. */
  loginHref: string;
  type: 'website' | 'article';
};

const FREE_ACCOUNT = { id: 0, role: 'E-BASIC' as const, cpf: null };
const CALCULATOR_PATH = /^\/calculators\/([a-z0-9-]{1,80})(\/report)?$/;
const COURSE_PATH = /^\/courses\/(\d{1,12})$/;

const loginHref = (path: string) => `/auth?${new URLSearchParams({ redirectTo: path })}`;

function siteCard(path: string): LinkPreview {
  return { title: SITE_NAME, description: SITE_DESCRIPTION, url: siteUrl(path), loginHref: loginHref(path), type: 'website' };
}

function calculatorPreview(slug: string, search: URLSearchParams, path: string): LinkPreview {
  const { calculator, access, level } = findCalculatorFor(FREE_ACCOUNT, slug);
  const base = { title: calculator.title, loginHref: loginHref(path), type: 'website' as const };
  if (access !== 'open') {
    return { ...base, description: `${calculator.summary} Disponível no plano ${level}.`, url: siteUrl(calculatorPath(calculator.slug)) };
  }
  const run = hasInputs(calculator, search) ? runCalculator(calculator, search) : null;
  if (!run?.ok) return { ...base, description: calculator.summary, url: siteUrl(calculatorPath(calculator.slug)) };
  const shared = calculatorPath(calculator.slug, canonicalQuery(calculator, run));
  return {
    ...base,
    description: `Resultado: ${resultsText(run.result.results.slice(0, 3), '; ')}`,
    url: siteUrl(shared),
    loginHref: loginHref(shared),
  };
}

/** The preview of one path of this site (anything that is not a path of this site: the home page's). */
export function linkPreviewFor(to: unknown): LinkPreview {
  const path = safePath(to, '/');
  const url = new URL(path, 'http://x');
  try {
    const calculator = CALCULATOR_PATH.exec(url.pathname);
    if (calculator) return calculatorPreview(calculator[1], url.searchParams, path);
    const course = COURSE_PATH.exec(url.pathname);
    if (course) {
      const { title, description } = getCourse(FREE_ACCOUNT, Number(course[1]));
      return {
        title,
        description: description.slice(0, 200),
        url: siteUrl(url.pathname),
        loginHref: loginHref(url.pathname),
        type: 'article',
      };
    }
  } catch (error) {
    // Unknown or hidden: the site's card, as for any other page.
    if (!(error instanceof AppError)) throw error;
  }
  return siteCard(path);
}
