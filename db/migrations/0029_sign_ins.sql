CREATE TABLE `known_devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`device_hash` text NOT NULL,
	`user_agent` text,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `known_devices_user_device_idx` ON `known_devices` (`user_id`,`device_hash`);--> statement-breakpoint
CREATE TABLE `sign_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`at` integer NOT NULL,
	`user_agent` text,
	`browser` text NOT NULL,
	`ip_address` text,
	`device_hash` text NOT NULL,
	`new_device` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_ins_user_at_idx` ON `sign_ins` (`user_id`,`at`,`id`);
