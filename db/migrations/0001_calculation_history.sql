CREATE TABLE `calculation_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`calculator_slug` text NOT NULL,
	`calculator_version` text NOT NULL,
	`title` text NOT NULL,
	`query` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "calculation_history_title_check" CHECK(length(title) between 1 and 120),
	CONSTRAINT "calculation_history_query_check" CHECK(length(query) <= 4096)
);
--> statement-breakpoint
CREATE INDEX `calculation_history_user_created_idx` ON `calculation_history` (`user_id`,`created_at`);