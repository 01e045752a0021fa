import { z } from 'zod';

/** The button of the e-mailed confirm and 'Não fui eu' pages: the token is the link's, in the URL. */
export const emailLinkSchema = z.object({});
