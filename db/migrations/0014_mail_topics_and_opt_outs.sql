CREATE TABLE `mail_opt_outs` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `topic` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_topic_idx` ON `mail_outbox` (`topic`,`id`);