CREATE TABLE `chat_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`thread_id` integer NOT NULL,
	`storage_key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "chat_attachments_type_check" CHECK(content_type in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
	CONSTRAINT "chat_attachments_size_check" CHECK(size between 1 and 5242880)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_attachments_storage_key_unique` ON `chat_attachments` (`storage_key`);--> statement-breakpoint
CREATE INDEX `chat_attachments_thread_message_idx` ON `chat_attachments` (`thread_id`,`message_id`);--> statement-breakpoint
CREATE INDEX `chat_attachments_message_idx` ON `chat_attachments` (`message_id`);