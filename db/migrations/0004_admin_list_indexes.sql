-- The admin lists read newest first, by role, by course, and the expiry check finds lapsed roles: one index each.
DROP INDEX `promo_codes_course_idx`;--> statement-breakpoint
CREATE INDEX `promo_codes_created_idx` ON `promo_codes` (`created_at`);--> statement-breakpoint
CREATE INDEX `promo_codes_course_idx` ON `promo_codes` (`course_id`,`created_at`);--> statement-breakpoint
DROP INDEX `users_role_idx`;--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_role_expiry_idx` ON `users` (`role_expiry_date`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);