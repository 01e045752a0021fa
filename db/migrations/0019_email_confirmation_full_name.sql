CREATE TABLE `email_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_digest` text NOT NULL,
	`address` text NOT NULL,
	`address_confirmed` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_tokens_purpose_check" CHECK(purpose in ('confirm', 'revert'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_tokens_digest_unique` ON `email_tokens` (`token_digest`);--> statement-breakpoint
CREATE INDEX `email_tokens_user_idx` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
ALTER TABLE `users` ADD `full_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `email_changed_at` integer;--> statement-breakpoint
-- The addresses of existing accounts count as confirmed (issue 26, item 3).
UPDATE `users` SET `email_confirmed_at` = `created_at` WHERE `email_confirmed_at` IS NULL;
