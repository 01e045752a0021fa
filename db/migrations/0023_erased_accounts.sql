CREATE TABLE `erased_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`erased_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chat_attachment_bytes` (
	`attachment_id` integer PRIMARY KEY NOT NULL,
	`bytes` blob NOT NULL,
	FOREIGN KEY (`attachment_id`) REFERENCES `chat_attachments`(`id`) ON UPDATE no action ON DELETE cascade
);
