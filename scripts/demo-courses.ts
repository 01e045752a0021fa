import type { lessons, materials } from '../db/schema';

/**
 * Course content of the demo seed that is more than a few rows: the NR-10 lessons after the
 * first two, and the large course the benchmark opens (`GET /courses/{id}` with 20 lessons and
 * 40 materials, its title in db/seed-constants.ts).
 */

type NewLesson = Omit<typeof lessons.$inferInsert, 'courseId'>;
type NewMaterial = Omit<typeof materials.$inferInsert, 'courseId' | 'lessonId'>;

export const BENCH_COURSE_LESSONS = 20;
/** 18 lessons with two materials each, two lessons with none, and four for the whole course. */
export const BENCH_COURSE_MATERIALS = 40;

const TOPICS = [
  'Campo de aplicação da NBR 5410',
  'Esquemas de aterramento TN, TT e IT',
  'Levantamento de cargas',
  'Divisão de circuitos',
  'Dimensionamento pela capacidade de corrente',
  'Fatores de agrupamento e temperatura',
  'Queda de tensão admissível',
  'Seção mínima e condutor neutro',
  'Proteção contra sobrecarga',
  'Proteção contra curto-circuito',
  'Coordenação entre condutores e disjuntores',
  'Dispositivos DR',
  'Proteção contra choques elétricos',
  'Equipotencialização',
  'Proteção contra surtos (DPS)',
  'Quadros de distribuição',
  'Linhas elétricas e eletrodutos',
  'Instalações em locais especiais',
  'Inspeção visual e ensaios',
  'Documentação e as built',
];

export function benchCourseLessons(): { lesson: NewLesson; materials: NewMaterial[] }[] {
  return TOPICS.slice(0, BENCH_COURSE_LESSONS).map((topic, index) => {
    const order = index + 1;
    return {
      lesson: {
        title: `Aula ${order}: ${topic}`,
        description: `${topic}: conceitos, requisitos da norma e um exemplo resolvido passo a passo.`,
        youtubeUrl:
          order % 5 === 0 ? `1NbR5410AuLa${String(order).padStart(2, '0')}DrIvEfIlEiD0123` : 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        videoSource: order % 5 === 0 ? 'drive' : 'youtube',
        order,
      },
      materials:
        order > 18
          ? []
          : [
              {
                title: `Slides da aula ${order}`,
                description: `Apresentação: ${topic}.`,
                fileUrl: `https://example.com/nbr5410/aula-${order}.pdf`,
                fileType: 'pdf',
                iconType: 'file',
                downloadable: true,
              },
              {
                title: `Exercícios da aula ${order}`,
                fileUrl: `https://example.com/nbr5410/exercicios-${order}.xlsx`,
                fileType: 'xls',
                iconType: 'file',
                downloadable: true,
              },
            ],
    };
  });
}

export function benchCourseMaterials(): NewMaterial[] {
  return [
    {
      title: 'Plano de ensino',
      description: 'Objetivos, cronograma e avaliação.',
      fileUrl: 'https://example.com/nbr5410/plano.pdf',
      fileType: 'pdf',
      iconType: 'file',
      downloadable: true,
    },
    {
      title: 'Tabelas de capacidade de corrente',
      fileUrl: 'https://example.com/nbr5410/tabelas.pdf',
      fileType: 'pdf',
      iconType: 'file',
      downloadable: true,
    },
    {
      title: 'Planilha de dimensionamento',
      fileUrl: 'https://example.com/nbr5410/dimensionamento.xlsx',
      fileType: 'xls',
      iconType: 'file',
      downloadable: true,
    },
    {
      title: 'Catálogo da ABNT',
      description: 'Onde adquirir a norma.',
      fileUrl: 'https://www.abntcatalogo.com.br/',
      fileType: 'link',
      iconType: 'link',
      downloadable: false,
    },
  ];
}

/** NR-10 after its first two lessons (the demo seed writes those), each with a material. */
export function moreNr10Lessons(): { lesson: NewLesson; materials: NewMaterial[] }[] {
  return [
    {
      lesson: {
        title: 'Medidas de controle e EPIs',
        description: 'Desenergização, bloqueio e etiquetagem, e a escolha dos equipamentos de proteção individual.',
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
        videoSource: 'youtube',
        order: 3,
      },
      materials: [
        {
          title: 'Procedimento de bloqueio e etiquetagem',
          fileUrl: 'https://example.com/nr10/loto.pdf',
          fileType: 'pdf',
          iconType: 'file',
          downloadable: true,
        },
      ],
    },
    {
      lesson: {
        title: 'Primeiros socorros em acidentes elétricos',
        description: 'Como agir diante de um choque elétrico e o que a NR-10 exige do treinamento.',
        youtubeUrl: 'https://drive.google.com/file/d/1Nr10PrImEiRoSsOcOrRoS0123456789/view?usp=sharing',
        videoSource: 'drive',
        order: 4,
      },
      materials: [
        {
          title: 'Guia de primeiros socorros',
          description: 'Roteiro de atendimento.',
          fileUrl: 'https://example.com/nr10/primeiros-socorros.pdf',
          fileType: 'pdf',
          iconType: 'file',
          downloadable: false,
        },
      ],
    },
  ];
}
