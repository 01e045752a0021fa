/**
 * Closed value sets and their labels: one list each, used by the database CHECKs (db/schema.ts),
 * the zod schemas and the views. Plain data, so the browser bundle can import it too.
 */
export const ROLES = ['E-BASIC', 'E-TOOL', 'E-MASTER', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const GRANTABLE_ROLES = ['E-TOOL', 'E-MASTER', 'admin'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];
export const PRO_ROLES = ['E-TOOL', 'E-MASTER'] as const;
export type ProRole = (typeof PRO_ROLES)[number];
export const TOOL_LEVELS = ['E-BASIC', 'E-TOOL', 'E-MASTER'] as const;
export type ToolLevel = (typeof TOOL_LEVELS)[number];
export const CATEGORIES = ['mechanical', 'electrical', 'textile', 'informatics', 'chemical'] as const;
export type Category = (typeof CATEGORIES)[number];
export const COURSE_CATEGORIES = [...CATEGORIES, 'other'] as const;
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const LINK_TYPES = ['internal', 'external', 'custom'] as const;
export const PROMO_TYPES = ['role', 'course'] as const;
export const NOTIFICATION_TYPES = ['info', 'warning', 'success', 'error'] as const;
export const NOTIFICATION_TARGETS = ['all', ...ROLES] as const;
export const CHAT_STATUSES = ['open', 'closed'] as const;
export const VIDEO_SOURCES = ['youtube', 'drive'] as const;
export const ICON_TYPES = ['file', 'link', 'object'] as const;
/** The specification's Entities: the validation schema's list of material file types. */
export const MATERIAL_FILE_TYPES = ['pdf', 'doc', 'xls', 'ppt', 'zip', 'img', 'link', 'object'] as const;
export type MaterialFileType = (typeof MATERIAL_FILE_TYPES)[number];
export const GRANT_SOURCES = ['promo', 'payment', 'admin', 'seed'] as const;
export const COURSE_GRANT_SOURCES = ['promo', 'purchase', 'admin', 'seed'] as const;
export type CourseGrantSource = (typeof COURSE_GRANT_SOURCES)[number];
export const PAYMENT_KINDS = ['plan', 'course'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How a payment was paid: the card form (Payment Element or the simulated form) or Checkout's card, Pix or boleto. */
export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A refund's life: asked by the user, then refunded through Stripe, or marked for a manual refund (boleto). */
export const REFUND_STATUSES = ['requested', 'refunded', 'manual', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** A mail in the outbox: waiting (or retrying), handed to a transport now, accepted, given up. */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export type CourseCategory = (typeof COURSE_CATEGORIES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];

/** How each role is named on screen (the header's 'Administrador' link, badges, the account page). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  'E-BASIC': 'E-BASIC',
  'E-TOOL': 'E-TOOL',
  'E-MASTER': 'E-MASTER',
  admin: 'Administrador',
};

/** Category labels, in the order the filter buttons show them. */
export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  mechanical: 'Mecânica',
  electrical: 'Elétrica',
  textile: 'Têxtil',
  informatics: 'Informática',
  chemical: 'Química',
};

export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** Course categories as the course display names them (the five tool categories plus 'Outro'). */
export const COURSE_CATEGORY_LABELS: Readonly<Record<CourseCategory, string>> = { ...CATEGORY_LABELS, other: 'Outro' };

export const COURSE_LEVEL_LABELS: Readonly<Record<CourseLevel, string>> = {
  beginner: 'Iniciante',
  intermediate: 'Intermediário',
  advanced: 'Avançado',
};

export const MATERIAL_FILE_TYPE_LABELS: Readonly<Record<MaterialFileType, string>> = {
  pdf: 'PDF',
  doc: 'Documento',
  xls: 'Planilha',
  ppt: 'Apresentação',
  zip: 'Arquivo compactado',
  img: 'Imagem',
  link: 'Link',
  object: 'Objeto',
};

/** Assessment question kinds (issue 31) and their labels. */
export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'numeric'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Múltipla escolha (uma correta)',
  multiple: 'Múltipla escolha (várias corretas)',
  true_false: 'Verdadeiro ou falso',
  numeric: 'Resposta numérica',
};

/** A project's status ('Projetos', issue 32): em elaboração, emitido, arquivado. */
export const PROJECT_STATUSES = ['draft', 'issued', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: 'Em elaboração',
  issued: 'Emitido',
  archived: 'Arquivado',
};
