-- The support chat's lists: subject_key (sortKey(subject), app/utils/fold.ts) for the search, and the
-- lists' order, newest activity first, by index. Hand-checked: drizzle-kit wrote the expression as
-- quoted column names, and subject_key NOT NULL, which SQLite refuses on a table with rows (no
-- default); it is nullable here, NOT NULL in db/schema.ts, and db/backfill-keys.ts fills it.
DROP INDEX `chat_threads_user_idx`;--> statement-breakpoint
ALTER TABLE `chat_threads` ADD `subject_key` text;--> statement-breakpoint
CREATE INDEX `chat_threads_user_activity_idx` ON `chat_threads` (`user_id`, coalesce(`last_message_at`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `chat_threads_activity_idx` ON `chat_threads` (coalesce(`last_message_at`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `chat_threads_status_activity_idx` ON `chat_threads` (`status`, coalesce(`last_message_at`, `created_at`), `id`);
