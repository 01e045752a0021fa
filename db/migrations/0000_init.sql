CREATE TABLE `active_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`user_agent` text,
	`ip_address` text,
	`last_activity` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `active_sessions_session_id_unique` ON `active_sessions` (`session_id`);--> statement-breakpoint
CREATE INDEX `active_sessions_user_idx` ON `active_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`thread_id` integer NOT NULL,
	`user_id` integer,
	`message` text NOT NULL,
	`is_admin_message` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_thread_idx` ON `chat_messages` (`thread_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `chat_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subject` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`is_user_unread` integer DEFAULT false NOT NULL,
	`is_admin_unread` integer DEFAULT true NOT NULL,
	`last_message_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "chat_threads_status_check" CHECK(status in ('open', 'closed'))
);
--> statement-breakpoint
CREATE INDEX `chat_threads_user_idx` ON `chat_threads` (`user_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `chat_threads_admin_unread_idx` ON `chat_threads` (`is_admin_unread`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `course_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`stripe_payment_id` text,
	`purchased_at` integer NOT NULL,
	`expires_at` integer,
	`active` integer DEFAULT true NOT NULL,
	`price_cents` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "course_purchases_price_check" CHECK(price_cents > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_purchases_stripe_payment_id_unique` ON `course_purchases` (`stripe_payment_id`);--> statement-breakpoint
CREATE INDEX `course_purchases_user_course_idx` ON `course_purchases` (`user_id`,`course_id`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`instructor` text NOT NULL,
	`duration` text NOT NULL,
	`level` text NOT NULL,
	`image_url` text,
	`is_hidden` integer DEFAULT false NOT NULL,
	`requires_promo_code` integer DEFAULT false NOT NULL,
	`price_cents` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "courses_category_check" CHECK(category in ('mechanical', 'electrical', 'textile', 'informatics', 'chemical', 'other')),
	CONSTRAINT "courses_level_check" CHECK(level in ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "courses_price_check" CHECK(price_cents is null or price_cents > 0)
);
--> statement-breakpoint
CREATE INDEX `courses_created_idx` ON `courses` (`created_at`);--> statement-breakpoint
CREATE TABLE `ended_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`ended_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`youtube_url` text NOT NULL,
	`video_source` text DEFAULT 'youtube' NOT NULL,
	`order` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lessons_video_source_check" CHECK(video_source in ('youtube', 'drive')),
	CONSTRAINT "lessons_order_check" CHECK("order" >= 1)
);
--> statement-breakpoint
CREATE INDEX `lessons_course_order_idx` ON `lessons` (`course_id`,`order`);--> statement-breakpoint
CREATE TABLE `materials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`lesson_id` integer,
	`title` text NOT NULL,
	`description` text,
	`file_url` text NOT NULL,
	`file_type` text DEFAULT 'pdf' NOT NULL,
	`icon_type` text DEFAULT 'file' NOT NULL,
	`downloadable` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "materials_icon_type_check" CHECK(icon_type in ('file', 'link', 'object'))
);
--> statement-breakpoint
CREATE INDEX `materials_course_idx` ON `materials` (`course_id`,`lesson_id`);--> statement-breakpoint
CREATE INDEX `materials_lesson_idx` ON `materials` (`lesson_id`);--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`notification_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`notification_id`, `user_id`),
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_reads_user_idx` ON `notification_reads` (`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`link` text,
	`target_role` text DEFAULT 'all' NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	`expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_type_check" CHECK(type in ('info', 'warning', 'success', 'error')),
	CONSTRAINT "notifications_target_check" CHECK(target_role in ('all', 'E-BASIC', 'E-TOOL', 'E-MASTER', 'admin'))
);
--> statement-breakpoint
CREATE INDEX `notifications_target_idx` ON `notifications` (`target_role`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`stripe_payment_intent_id` text NOT NULL,
	`kind` text NOT NULL,
	`plan_type` text,
	`months` integer,
	`course_id` integer,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_kind_check" CHECK(kind in ('plan', 'course')),
	CONSTRAINT "payments_status_check" CHECK(status in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK(amount_cents > 0),
	CONSTRAINT "payments_months_check" CHECK(months is null or months between 1 and 12)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_intent_id_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`);--> statement-breakpoint
CREATE TABLE `plan_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_type` text NOT NULL,
	`monthly_price_cents` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "plan_prices_plan_check" CHECK(plan_type in ('E-TOOL', 'E-MASTER')),
	CONSTRAINT "plan_prices_price_check" CHECK(monthly_price_cents > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_prices_plan_type_unique` ON `plan_prices` (`plan_type`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`days` integer DEFAULT 30 NOT NULL,
	`max_uses` integer DEFAULT 10 NOT NULL,
	`used_count` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`target_role` text DEFAULT 'E-TOOL' NOT NULL,
	`promo_type` text DEFAULT 'role' NOT NULL,
	`course_id` integer,
	`expiry_date` integer,
	`valid_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "promo_codes_days_check" CHECK(days >= 1),
	CONSTRAINT "promo_codes_uses_check" CHECK(max_uses >= 1 and used_count between 0 and max_uses),
	CONSTRAINT "promo_codes_target_role_check" CHECK(target_role in ('E-TOOL', 'E-MASTER')),
	CONSTRAINT "promo_codes_type_check" CHECK(promo_type in ('role', 'course')),
	CONSTRAINT "promo_codes_course_check" CHECK(promo_type = 'role' or course_id is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code_unique` ON `promo_codes` (upper("code"));--> statement-breakpoint
CREATE INDEX `promo_codes_course_idx` ON `promo_codes` (`course_id`);--> statement-breakpoint
CREATE TABLE `promo_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promo_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`used_at` integer NOT NULL,
	FOREIGN KEY (`promo_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_usage_promo_user_unique` ON `promo_usage` (`promo_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `promo_usage_user_idx` ON `promo_usage` (`user_id`);--> statement-breakpoint
CREATE TABLE `role_grants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`revoked_at` integer,
	`source` text NOT NULL,
	`source_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "role_grants_role_check" CHECK(role in ('E-TOOL', 'E-MASTER', 'admin')),
	CONSTRAINT "role_grants_source_check" CHECK(source in ('promo', 'payment', 'admin', 'seed')),
	CONSTRAINT "role_grants_period_check" CHECK(ends_at is null or ends_at > starts_at)
);
--> statement-breakpoint
CREATE INDEX `role_grants_user_idx` ON `role_grants` (`user_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `tool_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tool_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tool_ratings_rating_check" CHECK(rating between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_ratings_tool_user_unique` ON `tool_ratings` (`tool_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `tool_ratings_user_idx` ON `tool_ratings` (`user_id`);--> statement-breakpoint
CREATE TABLE `tools` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`access_level` text DEFAULT 'E-BASIC' NOT NULL,
	`link_type` text DEFAULT 'internal' NOT NULL,
	`link` text DEFAULT '#' NOT NULL,
	`custom_html` text,
	`show_in_iframe` integer DEFAULT false NOT NULL,
	`restricted_cpfs` text,
	`average_rating` real DEFAULT 0 NOT NULL,
	`total_ratings` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tools_category_check" CHECK(category in ('mechanical', 'electrical', 'textile', 'informatics', 'chemical')),
	CONSTRAINT "tools_access_level_check" CHECK(access_level in ('E-BASIC', 'E-TOOL', 'E-MASTER')),
	CONSTRAINT "tools_link_type_check" CHECK(link_type in ('internal', 'external', 'custom')),
	CONSTRAINT "tools_rating_check" CHECK(average_rating between 0 and 5 and total_ratings >= 0)
);
--> statement-breakpoint
CREATE INDEX `tools_category_idx` ON `tools` (`category`,`access_level`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`cpf` text,
	`password` text NOT NULL,
	`role` text DEFAULT 'E-BASIC' NOT NULL,
	`role_expiry_date` integer,
	`reset_token` text,
	`reset_token_expiry` integer,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`disable_password_recovery` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_login` integer,
	CONSTRAINT "users_role_check" CHECK(role in ('E-BASIC', 'E-TOOL', 'E-MASTER', 'admin')),
	CONSTRAINT "users_cpf_check" CHECK(cpf is null or (length(cpf) = 11 and cpf not glob '*[^0-9]*'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_cpf_unique` ON `users` (`cpf`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_reset_token_unique` ON `users` (`reset_token`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);