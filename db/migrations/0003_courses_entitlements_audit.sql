-- Course entitlements (course_grants), lesson progress, the admin audit log, the contact inbox's
-- read/archive state, and the courses' sort key. courses.title_key is added nullable (SQLite cannot
-- add a NOT NULL column without a default; db/schema.ts declares it NOT NULL so every insert sets
-- it) and db/backfill-keys.ts fills existing rows right after the migrations run.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` integer,
	`summary` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_log_summary_check" CHECK(length(summary) <= 1000)
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_created_idx` ON `audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_action_created_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE TABLE `course_grants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`source` text NOT NULL,
	`source_id` integer,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "course_grants_source_check" CHECK(source in ('promo', 'purchase', 'admin', 'seed')),
	CONSTRAINT "course_grants_period_check" CHECK(ends_at is null or ends_at > starts_at)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_grants_active_unique` ON `course_grants` (`user_id`,`course_id`) WHERE active = 1;--> statement-breakpoint
CREATE INDEX `course_grants_course_idx` ON `course_grants` (`course_id`);--> statement-breakpoint
CREATE TABLE `lesson_progress` (
	`user_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`completed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_progress_user_course_idx` ON `lesson_progress` (`user_id`,`course_id`);--> statement-breakpoint
CREATE INDEX `lesson_progress_user_completed_idx` ON `lesson_progress` (`user_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `lesson_progress_lesson_idx` ON `lesson_progress` (`lesson_id`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `archived_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_archived_created_idx` ON `contact_messages` (`archived_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `courses` ADD `title_key` text;--> statement-breakpoint
CREATE INDEX `courses_title_key_idx` ON `courses` (`title_key`);