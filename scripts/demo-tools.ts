import type { tools } from '../db/schema';
import { calculators } from '../app/calculators';
import { calculatorPath } from '../app/calculators/view';

type NewTool = typeof tools.$inferInsert;

/** One internal tool per engineering calculator, at the calculator's own level (admins may change it). */
export function calculatorTools(): NewTool[] {
  return calculators.map((calculator) => ({
    name: calculator.title,
    description: calculator.summary,
    category: calculator.category,
    accessLevel: calculator.accessLevel,
    linkType: 'internal',
    link: calculatorPath(calculator.slug),
  }));
}

/** Demo tools: an external link, custom HTML in the frame, a CPF-restricted tool, then the calculators. */
export function demoTools({ toolUserCpf }: { toolUserCpf: string }): NewTool[] {
  return [
    {
      name: 'Tabela Periódica Interativa',
      description: 'Propriedades dos elementos químicos, massas atômicas e configurações eletrônicas.',
      category: 'chemical',
      accessLevel: 'E-BASIC',
      linkType: 'external',
      link: 'https://ptable.com/?lang=pt',
    },
    {
      name: 'Conversor rápido de unidades',
      description: 'Converta comprimento, pressão e potência direto no navegador.',
      category: 'informatics',
      accessLevel: 'E-TOOL',
      linkType: 'custom',
      link: '#',
      showInIframe: true,
      customHtml: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Conversor</title>
<style>body{font-family:system-ui,sans-serif;padding:1rem}label{display:block;margin:.5rem 0}</style></head>
<body><h1>Conversor rápido</h1>
<label>Polegadas <input id="in" type="number" value="1" step="any"></label>
<p>= <output id="mm">25.4</output> mm</p>
<script>const i=document.getElementById('in'),o=document.getElementById('mm');i.addEventListener('input',()=>{o.textContent=(Number(i.value)*25.4).toFixed(3)})</script>
</body></html>`,
    },
    {
      name: 'Planilha de Orçamento de Obra (parceiros)',
      description: 'Modelo de orçamento exclusivo para engenheiros parceiros cadastrados.',
      category: 'mechanical',
      accessLevel: 'E-MASTER',
      linkType: 'external',
      link: 'https://example.com/orcamento-parceiros',
      restrictedCpfs: toolUserCpf,
    },
    {
      name: 'Catálogo de Motores Elétricos',
      description: 'Catálogo de motores trifásicos de alto rendimento com dados de placa.',
      category: 'electrical',
      accessLevel: 'E-MASTER',
      linkType: 'external',
      link: 'https://example.com/catalogo-motores',
    },
    ...calculatorTools(),
  ];
}
