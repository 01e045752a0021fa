/**
 * What the demo seed (scripts/) creates and the benchmark (bench/) looks up by name, kept here so
 * neither imports the other. Data only: no database is touched.
 */

/**
 * A visible course with neither a price nor a code (open to every E-MASTER), created by the demo
 * seed, so it exists in the small database (`npm run setup`) and in the large one
 * (scripts/seed-large.ts runs the demo seed first). The bench finds its id by this title.
 */
export const BENCH_COURSE = {
  title: 'Instalações Elétricas de Baixa Tensão (NBR 5410)',
  description:
    'Projeto e verificação de instalações elétricas de baixa tensão segundo a NBR 5410: dimensionamento de condutores, proteção, aterramento e inspeção, em vinte aulas com exemplos resolvidos.',
  category: 'electrical',
  instructor: 'Eng. Paulo Teixeira',
  duration: '60 horas',
  level: 'intermediate',
} as const;

/** The E-TOOL demo user's long ticket (500 messages), found by the bench by this subject. */
export const BENCH_THREAD_SUBJECT = 'Acompanhamento do projeto elétrico do galpão';
/** The E-TOOL demo user's open ticket that the bench's write scenario posts to (as the admin). */
export const BENCH_WRITE_THREAD_SUBJECT = 'Registro de dúvidas da obra';

/**
 * The large database's user with a full history (scripts/seed-large.ts): this many saved
 * calculations across every calculator, which the bench's CSV export downloads (bench/csv-export.ts).
 * E-MASTER, so every row's results are computed again (the export's slowest case).
 */
export const BENCH_HISTORY_USER = { email: 'master@example.com', password: 'senha123', calculations: 20_000 } as const;

/**
 * The demo E-MASTER user's certificate (scripts/seed-demo.ts): a short course they finished, and its
 * certificate under this fixed code, so /certificados/{code} answers on a fresh database and the bench
 * opens it as a visitor. Real codes are random (app/models/courses/certificate.server.ts); this one is
 * public demo data, like the demo passwords.
 */
export const DEMO_CERTIFICATE = {
  code: 'DEM0CERT1F1CAD0ENGENHAR1A0',
  course: {
    title: 'Leitura de Diagramas Unifilares',
    description: 'Símbolos, convenções e a leitura de diagramas unifilares de quadros e subestações, em duas aulas curtas.',
    category: 'electrical',
    instructor: 'Eng. Carla Mendes',
    duration: '4 horas',
    level: 'beginner',
  },
} as const;

/**
 * The demo admin's two-step sign-in secret (base32), printed in the README so `npm run dev` signs
 * in with any authenticator app or `npx tsx scripts/totp-code.ts`. Public: a demo value only.
 * Seeded unless ADMIN_TWO_FACTOR=optional (the test servers and the bench sign in with the password alone).
 */
export const DEMO_ADMIN_TOTP_SECRET = 'EENGENHARIADEMOADMINTOTP';

/** The demo's project (scripts/demo-projects.ts): the E-TOOL user's, with Rev. 00 and Rev. 01; the bench opens its page and memorial. */
export const DEMO_PROJECT = { name: 'Galpão Metalúrgica Sul', owner: 'tool@example.com', password: 'senha123' } as const;

/**
 * The bench's large project (scripts/demo-bench-project.ts): the E-TOOL demo user's 50 calculations
 * across every calculator open to them (diagrams included), issued as Rev. 00. The bench opens its
 * page and its memorial (bench/scenarios.ts); `bench/project-memorial.ts` builds one of 200.
 */
export const BENCH_PROJECT = { name: 'Fábrica Norte — acionamentos e instalações', owner: 'tool@example.com', calculations: 50 } as const;
