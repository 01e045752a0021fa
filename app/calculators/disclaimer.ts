/** The standing end-of-page text of every calculator of the second batch (their research notes, conventions). */
export const STANDING_DISCLAIMER =
  'Resultado estimativo para apoio ao projeto. Confira as normas citadas, os dados do fabricante e a responsabilidade técnica (ART/RRT) do profissional.';
