CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stripe_events_received_idx` ON `stripe_events` (`received_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `method` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_status` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_requested_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_refund_id` text;--> statement-breakpoint
CREATE INDEX `payments_refund_idx` ON `payments` (`refund_status`,`refund_requested_at`);