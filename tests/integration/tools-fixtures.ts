import { db } from '../../db/client';
import { tools, type ToolRow } from '../../db/schema';
import { createUser, sessionCookie, uniqueCpf } from '../setup/helpers';

/** Strings that must never reach a user who may not use the tool that holds them. */
export const SECRETS = {
  toolLink: 'https://example.com/e-tool-only/secret-link-7f3a',
  masterHtml: '<p>MASTER_ONLY_HTML_91c2</p>',
  whitelistHtml: '<p>WHITELIST_ONLY_HTML_55d0</p>',
  whitelistName: 'Planilha de Parceiros Restrita',
} as const;

/**
 * Four tools, one per rule: an open internal E-BASIC tool, an external E-TOOL tool, a framed
 * custom-HTML E-MASTER tool, and a custom E-MASTER tool whitelisted to one CPF.
 */
export function seedTools(whitelistedCpf: string) {
  db.delete(tools).run();
  const [basic, tool, master, restricted] = db
    .insert(tools)
    .values([
      {
        name: 'Torque em Eixos',
        description: 'Cálculo do torque e da tensão de cisalhamento em eixos maciços.',
        category: 'mechanical',
        accessLevel: 'E-BASIC',
        linkType: 'internal',
        link: '/calculators/shaft-torque',
      },
      {
        name: 'Queda de Tensão',
        description: 'Dimensionamento de condutores elétricos pela queda de tensão.',
        category: 'electrical',
        accessLevel: 'E-TOOL',
        linkType: 'external',
        link: SECRETS.toolLink,
      },
      {
        name: 'Conversor de Unidades',
        description: 'Conversão de comprimento, pressão e potência.',
        category: 'informatics',
        accessLevel: 'E-MASTER',
        linkType: 'custom',
        link: '#',
        customHtml: SECRETS.masterHtml,
        showInIframe: true,
      },
      {
        name: SECRETS.whitelistName,
        description: 'Modelo de orçamento exclusivo para parceiros cadastrados.',
        category: 'chemical',
        accessLevel: 'E-MASTER',
        linkType: 'custom',
        link: '#',
        customHtml: SECRETS.whitelistHtml,
        restrictedCpfs: `52998224725, ${whitelistedCpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')}`,
      },
    ])
    .returning()
    .all();
  return { basic, tool, master, restricted } satisfies Record<string, ToolRow>;
}

export type Tier = 'E-BASIC' | 'E-TOOL' | 'E-MASTER' | 'admin' | 'whitelisted';

/** A signed-in user per tier; 'whitelisted' is an E-BASIC user whose CPF is on the restricted tool. */
export async function signedInTiers() {
  const whitelistedCpf = uniqueCpf();
  const entries = await Promise.all(
    (['E-BASIC', 'E-TOOL', 'E-MASTER', 'admin', 'whitelisted'] as const).map(async (tier) => {
      const user = await createUser(tier === 'whitelisted' ? { role: 'E-BASIC', cpf: whitelistedCpf } : { role: tier });
      return [tier, { user, cookie: await sessionCookie(user) }] as const;
    }),
  );
  return {
    whitelistedCpf,
    tiers: Object.fromEntries(entries) as Record<Tier, { user: (typeof entries)[number][1]['user']; cookie: string }>,
  };
}
