DROP INDEX `ticket_ratings_admin_created_idx`;--> statement-breakpoint
DROP INDEX `ticket_ratings_created_idx`;--> statement-breakpoint
CREATE INDEX `ticket_ratings_admin_idx` ON `ticket_ratings` (`admin_id`);--> statement-breakpoint
CREATE INDEX `ticket_ratings_created_idx` ON `ticket_ratings` (`created_at`,`score`,`admin_id`);