import { sql } from 'drizzle-orm';
import { blob, check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  ROLES,
  GRANTABLE_ROLES,
  PRO_ROLES,
  TOOL_LEVELS,
  CATEGORIES,
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  LINK_TYPES,
  PROMO_TYPES,
  NOTIFICATION_TYPES,
  NOTIFICATION_TARGETS,
  CHAT_STATUSES,
  VIDEO_SOURCES,
  ICON_TYPES,
  GRANT_SOURCES,
  COURSE_GRANT_SOURCES,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  PAYMENT_METHODS,
  REFUND_STATUSES,
  MAIL_STATUSES,
  QUESTION_KINDS,
  PROJECT_STATUSES,
} from '../app/utils/value-sets';

/** The value sets live in app/utils/value-sets.ts (browser-safe); re-exported for the schema's users. */
export * from '../app/utils/value-sets';

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** Milliseconds since the epoch, UTC, set by SQLite itself. */
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
const bool = (name: string) => integer(name, { mode: 'boolean' });

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /**
     * foldKey(username) and foldKey(email) (app/utils/fold.ts): what uniqueness and lookups
     * compare. NOT NULL here, so every insert must set them; nullable in the migration (SQLite
     * cannot add a NOT NULL column without a default), filled by db/migrate.ts's backfill.
     */
    usernameKey: text('username_key').notNull(),
    emailKey: text('email_key').notNull(),
    cpf: text('cpf'),
    /** 'Nome completo': printed on certificates, memorials and receipts; null until the person gives it. */
    fullName: text('full_name'),
    password: text('password').notNull(),
    /** The effective role, recomputed from role_grants whenever the user is read. */
    role: text('role', { enum: ROLES }).notNull().default('E-BASIC'),
    /** End of the current role's period; null for E-BASIC and permanent roles. */
    roleExpiryDate: timestamp('role_expiry_date'),
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    disablePasswordRecovery: bool('disable_password_recovery').notNull().default(false),
    /**
     * When the owner of `email` followed our confirmation link; null while it is unconfirmed, and
     * then mails to it carry no text the account wrote (app/models/accounts/email-change.server.ts).
     * Migration 0019 counts the addresses of existing accounts as confirmed.
     */
    emailConfirmedAt: timestamp('email_confirmed_at'),
    /** The last change of `email` by its owner: the reset link by e-mail is refused for 72 h after it. */
    emailChangedAt: timestamp('email_changed_at'),
    createdAt: createdAt(),
    lastLogin: timestamp('last_login'),
  },
  (t) => [
    uniqueIndex('users_username_key_unique').on(t.usernameKey),
    uniqueIndex('users_email_key_unique').on(t.emailKey),
    uniqueIndex('users_cpf_unique').on(t.cpf),
    uniqueIndex('users_reset_token_unique').on(t.resetToken),
    index('users_role_idx').on(t.role, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    index('users_role_expiry_idx').on(t.roleExpiryDate),
    check('users_role_check', inList('role', ROLES)),
    check('users_cpf_check', sql`cpf is null or (length(cpf) = 11 and cpf not glob '*[^0-9]*')`),
  ],
);

/**
 * Each period of paid or granted access. The effective role is the highest role among the
 * grants active now; when one ends, the user falls back to whatever is still active below it.
 */
export const roleGrants = sqliteTable(
  'role_grants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: GRANTABLE_ROLES }).notNull(),
    startsAt: timestamp('starts_at').notNull(),
    /** null: permanent (admin accounts). */
    endsAt: timestamp('ends_at'),
    revokedAt: timestamp('revoked_at'),
    source: text('source', { enum: GRANT_SOURCES }).notNull(),
    /** promo_usage.id or payments.id, depending on the source. */
    sourceId: integer('source_id'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('role_grants_user_idx').on(t.userId, t.endsAt),
    check('role_grants_role_check', inList('role', GRANTABLE_ROLES)),
    check('role_grants_source_check', inList('source', GRANT_SOURCES)),
    check('role_grants_period_check', sql`ends_at is null or ends_at > starts_at`),
  ],
);

export const activeSessions = sqliteTable(
  'active_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull().unique(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    lastActivity: timestamp('last_activity').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    /** The last time the user proved it was them (the sign-in, a code or the password): the fresh check's window (decision 060). */
    freshCheckAt: timestamp('fresh_check_at'),
    createdAt: createdAt(),
  },
  (t) => [index('active_sessions_user_idx').on(t.userId)],
);

/** Sessions ended by a newer login: their next request is told why, once. */
export const endedSessions = sqliteTable('ended_sessions', {
  sessionId: text('session_id').primaryKey(),
  reason: text('reason', { enum: ['replaced'] }).notNull(),
  endedAt: timestamp('ended_at').notNull(),
});

export const tools = sqliteTable(
  'tools',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: CATEGORIES }).notNull(),
    accessLevel: text('access_level', { enum: TOOL_LEVELS }).notNull().default('E-BASIC'),
    linkType: text('link_type', { enum: LINK_TYPES }).notNull().default('internal'),
    link: text('link').notNull().default('#'),
    customHtml: text('custom_html'),
    showInIframe: bool('show_in_iframe').notNull().default(false),
    /** Comma-separated CPFs (digits). Empty or null: no restriction. */
    restrictedCpfs: text('restricted_cpfs'),
    averageRating: real('average_rating').notNull().default(0),
    totalRatings: integer('total_ratings').notNull().default(0),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tools_category_idx').on(t.category, t.accessLevel),
    check('tools_category_check', inList('category', CATEGORIES)),
    check('tools_access_level_check', inList('access_level', TOOL_LEVELS)),
    check('tools_link_type_check', inList('link_type', LINK_TYPES)),
    check('tools_rating_check', sql`average_rating between 0 and 5 and total_ratings >= 0`),
  ],
);

export const toolRatings = sqliteTable(
  'tool_ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('tool_ratings_tool_user_unique').on(t.toolId, t.userId),
    index('tool_ratings_user_idx').on(t.userId),
    check('tool_ratings_rating_check', sql`rating between 1 and 5`),
  ],
);

export const courses = sqliteTable(
  'courses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    /**
     * sortKey(title) (app/utils/fold.ts: no accents, lower case): what 'Nome A-Z' orders by and
     * the catalogue search matches, so 'Eletrica' finds 'Elétrica' and 'Álgebra' sorts with the A's.
     * NOT NULL here, nullable in the migration, filled by db/backfill-keys.ts.
     */
    titleKey: text('title_key').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: COURSE_CATEGORIES }).notNull(),
    instructor: text('instructor').notNull(),
    duration: text('duration').notNull(),
    level: text('level', { enum: COURSE_LEVELS }).notNull(),
    imageUrl: text('image_url'),
    isHidden: bool('is_hidden').notNull().default(false),
    requiresPromoCode: bool('requires_promo_code').notNull().default(false),
    /** Purchase price in cents; null: not for sale. */
    priceCents: integer('price_cents'),
    /** The certificate's 'Carga horária' in hours (issue 31); `duration` stays the specification's free text. */
    workloadHours: integer('workload_hours'),
    /** 'Conteúdo programático', one topic per line; null: the lesson titles. */
    syllabus: text('syllabus'),
    /** JSON `[{ name, qualification }]` (app/models/assessments/course-record.ts); null: none set. */
    instructors: text('instructors'),
    /** JSON `{ name, profession, registration }`; null: none set. */
    technicalLead: text('technical_lead'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('courses_created_idx').on(t.createdAt),
    index('courses_title_key_idx').on(t.titleKey),
    check('courses_category_check', inList('category', COURSE_CATEGORIES)),
    check('courses_level_check', inList('level', COURSE_LEVELS)),
    check('courses_price_check', sql`price_cents is null or price_cents > 0`),
  ],
);

export const lessons = sqliteTable(
  'lessons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    youtubeUrl: text('youtube_url').notNull(),
    videoSource: text('video_source', { enum: VIDEO_SOURCES }).notNull().default('youtube'),
    order: integer('order').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('lessons_course_order_idx').on(t.courseId, t.order),
    check('lessons_video_source_check', inList('video_source', VIDEO_SOURCES)),
    check('lessons_order_check', sql`"order" >= 1`),
  ],
);

export const materials = sqliteTable(
  'materials',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    fileUrl: text('file_url').notNull(),
    fileType: text('file_type').notNull().default('pdf'),
    iconType: text('icon_type', { enum: ICON_TYPES }).notNull().default('file'),
    downloadable: bool('downloadable').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('materials_course_idx').on(t.courseId, t.lessonId),
    index('materials_lesson_idx').on(t.lessonId),
    check('materials_icon_type_check', inList('icon_type', ICON_TYPES)),
  ],
);

/**
 * A user's right to open one course: from a course promo code, a purchase (course_purchases
 * stays the purchase record) or an admin. At most one active row per user and course; a grant
 * whose end has passed stays active=true until it is superseded, and is simply not in force.
 */
export const courseGrants = sqliteTable(
  'course_grants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    source: text('source', { enum: COURSE_GRANT_SOURCES }).notNull(),
    /** promo_usage.id, course_purchases.id, or null (admin). */
    sourceId: integer('source_id'),
    startsAt: timestamp('starts_at').notNull(),
    /** null: for good. */
    endsAt: timestamp('ends_at'),
    active: bool('active').notNull().default(true),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('course_grants_active_unique')
      .on(t.userId, t.courseId)
      .where(sql`active = 1`),
    index('course_grants_course_idx').on(t.courseId),
    check('course_grants_source_check', inList('source', COURSE_GRANT_SOURCES)),
    check('course_grants_period_check', sql`ends_at is null or ends_at > starts_at`),
  ],
);

/** A lesson an entitled user marked as done: private to them, removed with the lesson. */
export const lessonProgress = sqliteTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_user_course_idx').on(t.userId, t.courseId),
    index('lesson_progress_user_completed_idx').on(t.userId, t.completedAt),
    index('lesson_progress_lesson_idx').on(t.lessonId),
  ],
);

/**
 * Every admin write, recorded in the same transaction as the change. `summary` is a short
 * before -> after text that never holds a password, hash or token; `actorName` keeps who did
 * it readable after that account is deleted.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    check('audit_log_summary_check', sql`length(summary) <= 1000`),
  ],
);

export const promoCodes = sqliteTable(
  'promo_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** As the admin typed it; compared through codeKey. */
    code: text('code').notNull(),
    /** foldKey(code): see users.usernameKey (NOT NULL here, nullable in the migration, backfilled). */
    codeKey: text('code_key').notNull(),
    days: integer('days').notNull().default(30),
    maxUses: integer('max_uses').notNull().default(10),
    usedCount: integer('used_count').notNull().default(0),
    isActive: bool('is_active').notNull().default(true),
    targetRole: text('target_role', { enum: PRO_ROLES }).notNull().default('E-TOOL'),
    promoType: text('promo_type', { enum: PROMO_TYPES }).notNull().default('role'),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** The code cannot be redeemed after this instant. */
    expiryDate: timestamp('expiry_date'),
    /** Course codes: access they give lasts until this instant (null: for good). */
    validUntil: timestamp('valid_until'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key_unique').on(t.codeKey),
    index('promo_codes_course_idx').on(t.courseId, t.createdAt),
    index('promo_codes_created_idx').on(t.createdAt),
    check('promo_codes_days_check', sql`days >= 1`),
    check('promo_codes_uses_check', sql`max_uses >= 1 and used_count between 0 and max_uses`),
    check('promo_codes_target_role_check', inList('target_role', PRO_ROLES)),
    check('promo_codes_type_check', inList('promo_type', PROMO_TYPES)),
    check('promo_codes_course_check', sql`promo_type = 'role' or course_id is not null`),
  ],
);

export const promoUsage = sqliteTable(
  'promo_usage',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    promoId: integer('promo_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at').notNull(),
  },
  (t) => [uniqueIndex('promo_usage_promo_user_unique').on(t.promoId, t.userId), index('promo_usage_user_idx').on(t.userId)],
);

/**
 * Payment records outlive the account that paid (fiscal records must be kept): deleting a user
 * sets user_id to null, and the payer_* columns keep who paid (filled at insert by
 * app/models/payments/, and when the account is deleted if they are still empty).
 * `stripe_payment_intent_id` is the Stripe object the payment is known by: the PaymentIntent
 * (pi_…) of the card form, or the Checkout Session (cs_…) of a Checkout payment; UNIQUE, so
 * every path that learns of a payment claims the same row (app/models/payments/).
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    payerUsername: text('payer_username'),
    payerEmail: text('payer_email'),
    payerCpf: text('payer_cpf'),
    stripePaymentIntentId: text('stripe_payment_intent_id').notNull().unique(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    planType: text('plan_type', { enum: PRO_ROLES }),
    months: integer('months'),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at'),
    /** card, pix or boleto; null until known (a Checkout Session before the buyer chooses). */
    method: text('method', { enum: PAYMENT_METHODS }),
    /** null: no refund asked; see REFUND_STATUSES. */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    refundRequestedAt: timestamp('refund_requested_at'),
    refundedAt: timestamp('refunded_at'),
    stripeRefundId: text('stripe_refund_id'),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    index('payments_refund_idx').on(t.refundStatus, t.refundRequestedAt),
    check('payments_kind_check', inList('kind', PAYMENT_KINDS)),
    check('payments_status_check', inList('status', PAYMENT_STATUSES)),
    check('payments_amount_check', sql`amount_cents > 0`),
    check('payments_months_check', sql`months is null or months between 1 and 12`),
  ],
);

/**
 * Stripe webhook events already handled, by their id: Stripe delivers an event more than once
 * (retries for up to 3 days), and a replay must do nothing. Rows older than 30 days are pruned.
 */
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at').notNull(),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);

export const coursePurchases = sqliteTable(
  'course_purchases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    stripePaymentId: text('stripe_payment_id').unique(),
    purchasedAt: timestamp('purchased_at').notNull(),
    expiresAt: timestamp('expires_at'),
    active: bool('active').notNull().default(true),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [index('course_purchases_user_course_idx').on(t.userId, t.courseId), check('course_purchases_price_check', sql`price_cents > 0`)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    link: text('link'),
    targetRole: text('target_role', { enum: NOTIFICATION_TARGETS }).notNull().default('all'),
    /** Only meaningful for a notification addressed to one user (userId set). */
    isRead: bool('is_read').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at'),
  },
  (t) => [
    index('notifications_target_idx').on(t.targetRole, t.createdAt),
    index('notifications_user_idx').on(t.userId),
    index('notifications_created_idx').on(t.createdAt),
    check('notifications_type_check', inList('type', NOTIFICATION_TYPES)),
    check('notifications_target_check', inList('target_role', NOTIFICATION_TARGETS)),
  ],
);

/** Per-user read state, so one user reading a broadcast leaves it unread for the others. */
export const notificationReads = sqliteTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_reads_user_idx').on(t.userId)],
);

export const chatThreads = sqliteTable(
  'chat_threads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /**
     * sortKey(subject) (app/utils/fold.ts): what the chat lists' search compares, so 'duvida'
     * finds 'Dúvida'. NOT NULL here; nullable in migration 0007, filled by db/backfill-keys.ts.
     */
    subjectKey: text('subject_key').notNull(),
    status: text('status', { enum: CHAT_STATUSES }).notNull().default('open'),
    isUserUnread: bool('is_user_unread').notNull().default(false),
    isAdminUnread: bool('is_admin_unread').notNull().default(true),
    lastMessageAt: timestamp('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The lists' order, newest activity first (app/models/chat/chat.server.ts writes the same expression).
    index('chat_threads_user_activity_idx').on(t.userId, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id),
    index('chat_threads_activity_idx').on(sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id),
    index('chat_threads_status_activity_idx').on(t.status, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id),
    index('chat_threads_admin_unread_idx').on(t.isAdminUnread),
    check('chat_threads_status_check', inList('status', CHAT_STATUSES)),
  ],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    isAdminMessage: bool('is_admin_message').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_thread_idx').on(t.threadId, t.createdAt),
    // A reply mail's quotes and their count (app/models/chat/support-mails.server.ts): the support's replies of a ticket, in order, from the index alone.
    index('chat_messages_thread_replies_idx').on(t.threadId, t.isAdminMessage, t.createdAt),
  ],
);

/**
 * 'Como foi o atendimento?': the owner's rating of a closed ticket, one per ticket
 * (app/models/chat/ticket-rating.server.ts). `adminId` is the admin who wrote the ticket's last
 * admin reply when it was rated (null when no admin replied, or that account was deleted).
 */
export const ticketRatings = sqliteTable(
  'ticket_ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    score: integer('score').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_ratings_thread_idx').on(t.threadId),
    // The admin's figures: the last months, by month and by admin, read through this one range.
    index('ticket_ratings_created_idx').on(t.createdAt, t.score, t.adminId),
    // For ON DELETE SET NULL when an admin's account goes.
    index('ticket_ratings_admin_idx').on(t.adminId),
    check('ticket_ratings_score_check', sql`score between 1 and 5`),
    check('ticket_ratings_comment_check', sql`comment is null or length(comment) <= 1000`),
  ],
);

/**
 * A file attached to a support message (app/models/chat/attachments.server.ts): at most 3 a
 * message, PNG, JPEG, WebP or PDF, up to 5 MB. The bytes live in UPLOADS_DIR under `storageKey`
 * (random, never the user's name); `name` is the original file name, sanitised, for
 * Content-Disposition. The rows go with the message (and the ticket); the files are removed after.
 */
export const chatAttachments = sqliteTable(
  'chat_attachments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type', { enum: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A page of messages reads its files by thread and message range.
    index('chat_attachments_thread_message_idx').on(t.threadId, t.messageId),
    index('chat_attachments_message_idx').on(t.messageId),
    check('chat_attachments_type_check', sql`content_type in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')`),
    check('chat_attachments_size_check', sql`size between 1 and 5242880`),
  ],
);

/**
 * The bytes of each support attachment, committed with its message and replicated with the
 * database (docs/decisions/053, issue 29 item 3): the file in UPLOADS_DIR is a cache that is
 * written again from here when a restored volume lacks it. Deleted with the row (secure_delete).
 */
export const chatAttachmentBytes = sqliteTable('chat_attachment_bytes', {
  attachmentId: integer('attachment_id')
    .primaryKey()
    .references(() => chatAttachments.id, { onDelete: 'cascade' }),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
});

export const planPrices = sqliteTable(
  'plan_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    planType: text('plan_type', { enum: PRO_ROLES }).notNull().unique(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  () => [check('plan_prices_plan_check', inList('plan_type', PRO_ROLES)), check('plan_prices_price_check', sql`monthly_price_cents > 0`)],
);

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** Set when an admin opens it in the inbox. */
    readAt: timestamp('read_at'),
    archivedAt: timestamp('archived_at'),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_archived_created_idx').on(t.archivedAt, t.createdAt),
  ],
);

/**
 * Calculator results a user saved. `query` is the canonical query string the calculator page
 * reads (so an item reopens as a link); `calculatorVersion` tells an old result apart after a
 * formula changes. The slug is not a foreign key: calculators live in code, not in a table.
 */
export const calculationHistory = sqliteTable(
  'calculation_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calculatorSlug: text('calculator_slug').notNull(),
    calculatorVersion: text('calculator_version').notNull(),
    title: text('title').notNull(),
    query: text('query').notNull(),
    /**
     * The main results as text ('Torque transmitido T = 40,93 N·m | …'), written when saved, so the
     * CSV export does not compute 20,000 calculations again; null for rows saved before it (computed then).
     */
    results: text('results'),
    createdAt: createdAt(),
  },
  (t) => [
    index('calculation_history_user_created_idx').on(t.userId, t.createdAt),
    // The history's calculator filter, its choices (a skip scan) and the CSV export filtered by calculator.
    index('calculation_history_user_calculator_created_idx').on(t.userId, t.calculatorSlug, t.createdAt),
    check('calculation_history_title_check', sql`length(title) between 1 and 120`),
    check('calculation_history_query_check', sql`length(query) <= 4096`),
  ],
);

/**
 * One purchase being created per buyer across every server process (decision 026): a lease a
 * process takes before asking Stripe for a PaymentIntent or Checkout Session and gives back after;
 * one left by a process that died expires (`expires_at`, ms since the epoch).
 */
export const purchaseLeases = sqliteTable('purchase_leases', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * The transactional outbox (docs/mail.md): a mail is a row written in the transaction of the
 * event that causes it; the worker delivers it after commit. `messageId` is fixed at enqueue,
 * so a resend after a crash carries the same Message-ID. `dedupeKey` makes a mail that must go
 * once (a plan reminder) unique. `leaseUntil` marks a delivery in progress: a row whose lease ran
 * out (its process died) is taken again.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: text('message_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** JSON object of extra headers (List-Unsubscribe…), or null. */
    headers: text('headers'),
    dedupeKey: text('dedupe_key'),
    /** What the mail is about, for mails that gather several events ('thread:12'): the pending one is rewritten instead of queuing another. */
    topic: text('topic'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    leaseUntil: timestamp('lease_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_id_idx').on(t.messageId),
    uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_address_idx').on(t.toAddress, t.id),
    index('mail_outbox_user_idx').on(t.userId),
    index('mail_outbox_topic_idx').on(t.topic, t.id),
    check('mail_outbox_status_check', inList('status', MAIL_STATUSES)),
  ],
);

/** A kind of mail a user switched off ('Minha Conta' → 'E-mails', or a mail's unsubscribe link). No row: the mail is sent. */
export const mailOptOuts = sqliteTable(
  'mail_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The 'Dados do projeto' a user last gave the calculation memorial (one row per user, kept for the
 * next memorial). Blank fields are ''. Goes with the user (ON DELETE CASCADE) and is part of their
 * personal-data export.
 */
export const memorialProfiles = sqliteTable(
  'memorial_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectName: text('project_name').notNull().default(''),
    client: text('client').notNull().default(''),
    place: text('place').notNull().default(''),
    engineerName: text('engineer_name').notNull().default(''),
    crea: text('crea').notNull().default(''),
    art: text('art').notNull().default(''),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  () => [
    check(
      'memorial_profiles_length_check',
      sql`length(project_name) <= 120 and length(client) <= 120 and length(place) <= 160 and length(engineer_name) <= 120 and length(crea) <= 30 and length(art) <= 40`,
    ),
  ],
);

/**
 * Course certificates (issue 22). The code is public by design (it is printed and in the QR code), so it is
 * stored as is, under a unique index. Name, course title, hours and instructor are copied at issue, so a
 * certificate keeps saying what it said. At most one 'valid' per user and course; a reissue after a name
 * change marks the old one 'replaced'; an admin or the account's deletion marks it 'revoked' (deletion also
 * blanks the name and detaches the user).
 */
export const CERTIFICATE_STATUSES = ['valid', 'replaced', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const certificates = sqliteTable(
  'certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    holderName: text('holder_name').notNull(),
    courseTitle: text('course_title').notNull(),
    hours: text('hours').notNull(),
    instructor: text('instructor').notNull(),
    completedAt: timestamp('completed_at').notNull(),
    issuedAt: createdAt(),
    status: text('status', { enum: CERTIFICATE_STATUSES }).notNull().default('valid'),
    statusChangedAt: timestamp('status_changed_at'),
    /**
     * What issue 31 added, copied at issue as JSON (app/models/assessments/course-record.ts): workload,
     * syllabus, instructors, technical lead, start date, modality, the passing grade. Null on certificates
     * issued before, which keep saying what they said.
     */
    record: text('record'),
  },
  (t) => [
    uniqueIndex('certificates_code_unique').on(t.code),
    uniqueIndex('certificates_valid_unique')
      .on(t.userId, t.courseId)
      .where(sql`status = 'valid'`),
    index('certificates_user_idx').on(t.userId),
    index('certificates_course_issued_idx').on(t.courseId, t.issuedAt),
    check('certificates_status_check', inList('status', CERTIFICATE_STATUSES)),
  ],
);

export const EMAIL_TOKEN_PURPOSES = ['confirm', 'revert'] as const;

/**
 * The e-mailed links of an address change (app/models/accounts/email-change.server.ts): 'confirm'
 * confirms `address` (still the account's address when followed), 'revert' ('Não fui eu') puts
 * `address` back, with `addressConfirmed` as it was. Only a digest of the token is stored; a row is
 * deleted when its link is used, so each link works once.
 */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenDigest: text('token_digest').notNull(),
    address: text('address').notNull(),
    addressConfirmed: bool('address_confirmed').notNull().default(false),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_digest_unique').on(t.tokenDigest),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
    check('email_tokens_purpose_check', inList('purpose', EMAIL_TOKEN_PURPOSES)),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type MaterialRow = typeof materials.$inferSelect;
export type CourseGrantRow = typeof courseGrants.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type CalculationHistoryRow = typeof calculationHistory.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type MemorialProfileRow = typeof memorialProfiles.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
export type AssessmentQuestionRow = typeof assessmentQuestions.$inferSelect;
export type CourseAssessmentRow = typeof courseAssessments.$inferSelect;
export type AssessmentAttemptRow = typeof assessmentAttempts.$inferSelect;

/**
 * The ids of erased accounts, and when (docs/decisions/054-erasure-ledger.md): no name, e-mail or
 * CPF, only what it takes to erase them again when a restore (npm run db:restore, or an older
 * replica) brings back a database from before their erasure. Never deleted with the account.
 */
export const erasedAccounts = sqliteTable('erased_accounts', {
  userId: integer('user_id').primaryKey(),
  erasedAt: timestamp('erased_at').notNull(),
});

/**
 * Two-step sign-in (TOTP, RFC 6238) of a user: the secret is stored while set up, and `enabledAt`
 * is set once the first code confirmed it. `lastUsedStep` is the 30 s step of the last code
 * accepted: a code is taken only for a later step, so none is accepted twice.
 */
export const twoFactor = sqliteTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at'),
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes of two-step sign-in, stored as SHA-256 digests. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password accepted for an account with two-step sign-in, waiting for its code: the browser
 * holds the token in a signed cookie, this row holds its digest. Deleted when the sign-in
 * completes, so a copied cookie cannot be used again; dead after `expiresAt`.
 */
export const pendingLogins = sqliteTable(
  'pending_logins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('pending_logins_user_idx').on(t.userId)],
);

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/**
 * Passkeys (WebAuthn discoverable credentials, decision 067): the public key and the signature
 * counter the authenticator reported last. A passkey counts as both factors of a sign-in.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** JSON array of the authenticator's transports, as reported at registration. */
    transports: text('transports'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_id_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge handed to a browser, kept until its answer comes back (deleted then: single
 * use) or `expiresAt`. `purpose` binds it to one ceremony; `userId` to the account that asked for
 * a registration or a fresh check (null for a sign-in, where the passkey names the account).
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login', 'fresh'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt), index('webauthn_challenges_user_idx').on(t.userId)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Issue 31, assessments. A course's question bank: `lesson_id` null for the final assessment's bank,
 * set for that lesson's practice quiz. Choice questions keep their options and the indices of the
 * right ones as JSON; numeric ones a value, an absolute tolerance and a unit.
 */
export const assessmentQuestions = sqliteTable(
  'assessment_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    prompt: text('prompt').notNull(),
    options: text('options').notNull().default('[]'),
    correct: text('correct').notNull().default('[]'),
    numericAnswer: real('numeric_answer'),
    tolerance: real('tolerance'),
    unit: text('unit'),
    explanation: text('explanation'),
    createdAt: createdAt(),
  },
  (t) => [
    index('assessment_questions_course_idx').on(t.courseId, t.lessonId, t.id),
    index('assessment_questions_lesson_idx').on(t.lessonId),
    check('assessment_questions_kind_check', inList('kind', QUESTION_KINDS)),
    check(
      'assessment_questions_numeric_check',
      sql`kind <> 'numeric' or (numeric_answer is not null and tolerance is not null and tolerance >= 0)`,
    ),
  ],
);

/** A course's final assessment: present only when the course has one. */
export const courseAssessments = sqliteTable(
  'course_assessments',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    passPercent: integer('pass_percent').notNull().default(70),
    questionsPerAttempt: integer('questions_per_attempt').notNull().default(10),
    timeLimitMinutes: integer('time_limit_minutes'),
    /** Attempts in a row before the wait; null: no limit. */
    maxAttempts: integer('max_attempts'),
    /** Hours after the last of `maxAttempts` failed attempts; null with a limit: no more attempts. */
    waitHours: integer('wait_hours'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  () => [
    check('course_assessments_pass_check', sql`pass_percent between 1 and 100`),
    check('course_assessments_count_check', sql`questions_per_attempt between 1 and 20`),
    check('course_assessments_time_check', sql`time_limit_minutes is null or time_limit_minutes between 1 and 600`),
    check('course_assessments_attempts_check', sql`max_attempts is null or max_attempts between 1 and 100`),
    check('course_assessments_wait_check', sql`wait_hours is null or wait_hours between 1 and 8760`),
  ],
);

/**
 * One attempt at a final assessment, immutable once submitted: the questions as shown (options in the
 * order shown, with the right answers, which never leave the server before grading), the answers,
 * the score and the pass mark of the day. At most one open attempt per user and course.
 */
export const assessmentAttempts = sqliteTable(
  'assessment_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    questions: text('questions').notNull(),
    passPercent: integer('pass_percent').notNull(),
    startedAt: timestamp('started_at').notNull(),
    deadlineAt: timestamp('deadline_at'),
    submittedAt: timestamp('submitted_at'),
    answers: text('answers'),
    correctCount: integer('correct_count'),
    scorePercent: real('score_percent'),
    passed: bool('passed'),
  },
  (t) => [
    index('assessment_attempts_user_course_idx').on(t.userId, t.courseId, t.startedAt),
    index('assessment_attempts_course_submitted_idx').on(t.courseId, t.submittedAt),
    // The admin's totals and the analysis's fingerprint read this index alone: the row's columns sit after its
    // questions JSON, in overflow pages (decision 071: 5,000 attempts took 40–140 ms through the table).
    index('assessment_attempts_course_totals_idx').on(
      t.courseId,
      t.submittedAt,
      t.userId,
      t.passed,
      t.scorePercent,
      sql`("answers" is null)`,
    ),
    uniqueIndex('assessment_attempts_open_unique')
      .on(t.userId, t.courseId)
      .where(sql`submitted_at is null`),
  ],
);

/**
 * 'Projetos' (issue 32, docs/projects.md): an engineer's calculations gathered under one client
 * and ART. E-TOOL and above; the rules are in app/models/projects.
 */
export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    client: text('client').notNull().default(''),
    place: text('place').notNull().default(''),
    art: text('art').notNull().default(''),
    engineerName: text('engineer_name').notNull().default(''),
    crea: text('crea').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    index('projects_user_updated_idx').on(t.userId, t.updatedAt),
    check('projects_status_check', inList('status', PROJECT_STATUSES)),
    check(
      'projects_length_check',
      sql`length(name) between 1 and 120 and length(client) <= 120 and length(place) <= 160 and length(art) <= 40 and length(engineer_name) <= 120 and length(crea) <= 30 and length(description) <= 2000`,
    ),
  ],
);

/** The calculations of a project as they are being edited (the next revision): a calculator, its canonical query, a title and a place in the order. */
export const projectCalculations = sqliteTable(
  'project_calculations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    calculatorSlug: text('calculator_slug').notNull(),
    calculatorVersion: text('calculator_version').notNull(),
    title: text('title').notNull(),
    query: text('query').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_calculations_project_position_idx').on(t.projectId, t.position),
    check('project_calculations_title_check', sql`length(title) between 1 and 120`),
    check('project_calculations_query_check', sql`length(query) <= 4096`),
  ],
);

/**
 * 'Emitir revisão': Rev. 00, 01, … of a project, frozen as JSON (`snapshot`: the project's data and
 * every calculation's inputs, outputs, calculator version, standards and figures; `changes`: what
 * moved since the previous revision). A trigger refuses any UPDATE: a frozen revision never changes.
 */
export const projectRevisions = sqliteTable(
  'project_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    snapshot: text('snapshot').notNull(),
    changes: text('changes').notNull(),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [uniqueIndex('project_revisions_project_number_idx').on(t.projectId, t.number)],
);

/** A read-only link to one revision for the client: only the token's SHA-256 is kept. */
export const projectShareLinks = sqliteTable(
  'project_share_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    revisionId: integer('revision_id')
      .notNull()
      .references(() => projectRevisions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at'),
    revokedAt: timestamp('revoked_at'),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('project_share_links_token_idx').on(t.tokenHash), index('project_share_links_project_idx').on(t.projectId)],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectCalculationRow = typeof projectCalculations.$inferSelect;
export type ProjectRevisionRow = typeof projectRevisions.$inferSelect;
export type ProjectShareLinkRow = typeof projectShareLinks.$inferSelect;

/**
 * Issue 30, item 6. The browsers an account has signed in from: `device_hash` is the SHA-256 of
 * the id in the signed, long-lived `en_device` cookie (never the id itself), one row per
 * (user, browser). A sign-in whose browser has no row here mails 'Novo acesso à sua conta'.
 */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: timestamp('first_seen_at').notNull(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
  },
  (t) => [uniqueIndex('known_devices_user_device_idx').on(t.userId, t.deviceHash)],
);

/** The last sign-ins of an account (at most 50 kept, the oldest pruned in the insert's transaction): 'Minha Conta' → 'Segurança'. */
export const signIns = sqliteTable(
  'sign_ins',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at').notNull(),
    userAgent: text('user_agent'),
    /** The User-Agent in words ('Chrome 131 no Windows 10'), parsed once when the sign-in is recorded. */
    browser: text('browser').notNull(),
    ipAddress: text('ip_address'),
    deviceHash: text('device_hash').notNull(),
    /** The first sign-in from this browser (the alert went, unless it was the registration's). */
    newDevice: bool('new_device').notNull(),
  },
  (t) => [index('sign_ins_user_at_idx').on(t.userId, t.at, t.id)],
);

export type SignInRow = typeof signIns.$inferSelect;
