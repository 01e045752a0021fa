CREATE TABLE `ticket_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`thread_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`admin_id` integer,
	`score` integer NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "ticket_ratings_score_check" CHECK(score between 1 and 5),
	CONSTRAINT "ticket_ratings_comment_check" CHECK(comment is null or length(comment) <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_ratings_thread_idx` ON `ticket_ratings` (`thread_id`);--> statement-breakpoint
CREATE INDEX `ticket_ratings_created_idx` ON `ticket_ratings` (`created_at`,`score`);--> statement-breakpoint
CREATE INDEX `ticket_ratings_admin_created_idx` ON `ticket_ratings` (`admin_id`,`created_at`,`score`);