/**
 * A page's <title> and description: every page gets both (search engines and Lighthouse's SEO
 * audit read the description; Remix replaces the root's meta with the route's, so each route
 * states its own through this one helper).
 */
export const SITE_DESCRIPTION = 'Ferramentas, calculadoras e cursos para engenheiros.';

export function pageMeta(title: string, description: string = SITE_DESCRIPTION) {
  return [{ title: `${title} — E-Engenharia` }, { name: 'description', content: description }];
}
