CREATE TABLE `certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`user_id` integer,
	`course_id` integer,
	`holder_name` text NOT NULL,
	`course_title` text NOT NULL,
	`hours` text NOT NULL,
	`instructor` text NOT NULL,
	`completed_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`status` text DEFAULT 'valid' NOT NULL,
	`status_changed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "certificates_status_check" CHECK(status in ('valid', 'replaced', 'revoked'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_code_unique` ON `certificates` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_valid_unique` ON `certificates` (`user_id`,`course_id`) WHERE status = 'valid';--> statement-breakpoint
CREATE INDEX `certificates_user_idx` ON `certificates` (`user_id`);--> statement-breakpoint
CREATE INDEX `certificates_course_issued_idx` ON `certificates` (`course_id`,`created_at`);