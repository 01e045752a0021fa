/**
 * A page's <title> and description: every page gets both (search engines and Lighthouse's SEO
 * audit read the description; Remix replaces the root's meta with the route's, so each route
 * states its own through this one helper).
 */
export const SITE_NAME = 'E-Engenharia';
export const SITE_DESCRIPTION = 'Ferramentas, calculadoras e cursos para engenheiros.';
/** The browser's toolbar and the installed app's colour (brand-600, as the icons). */
export const THEME_COLOR = '#2563eb';

/** 'Página' → 'Página — E-Engenharia', the site's title pattern. */
export const pageTitle = (title: string) => `${title} — ${SITE_NAME}`;

export function pageMeta(title: string, description: string = SITE_DESCRIPTION) {
  return [{ title: pageTitle(title) }, { name: 'description', content: description }];
}

/** A picture for a link preview (WhatsApp and Teams need a raster image, PNG or JPEG). */
export type PreviewImage = { path: string; width: number; height: number; alt: string };

/** The site's card (public/og/e-engenharia.png, drawn by scripts/generate-brand-images.ts). */
export const SITE_CARD: PreviewImage = {
  path: '/og/e-engenharia.png',
  width: 1200,
  height: 630,
  alt: 'E-Engenharia: calculadoras de engenharia, cursos especializados e suporte para engenheiros.',
};

/** Where a preview's absolute URLs start: the root loader's `siteOrigin` (PUBLIC_ORIGIN, or '' in development). */
export function siteOriginOf(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  const root = matches.find((match) => match.id === 'root')?.data as { siteOrigin?: unknown } | undefined;
  return typeof root?.siteOrigin === 'string' ? root.siteOrigin : '';
}

type Preview = {
  title: string;
  description: string;
  /** The page's path (and query) on this site, or an absolute URL the loader built with siteUrl. */
  url: string;
  origin: string;
  image?: PreviewImage;
  type?: 'website' | 'article';
};

const absolute = (origin: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

/**
 * Open Graph and Twitter tags, so a link pasted in WhatsApp, Teams or Slack shows what it is:
 * title, description, address, image (with its size and text) and the site's name and locale.
 */
export function previewMeta({ title, description, url, origin, image = SITE_CARD, type = 'website' }: Preview) {
  const imageUrl = absolute(origin, image.path);
  return [
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: absolute(origin, url) },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: image.alt },
  ];
}

/** A page's title and description plus its preview tags. */
export function sharedPageMeta(preview: Preview & { pageTitle?: string }) {
  return [...pageMeta(preview.pageTitle ?? preview.title, preview.description), ...previewMeta(preview)];
}
