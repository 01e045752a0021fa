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
export const GRANT_SOURCES = ['promo', 'payment', 'admin', 'seed'] as const;
export const PAYMENT_KINDS = ['plan', 'course'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;

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

