-- Usernames, e-mails and promo codes are compared on foldKey() (app/utils/fold.ts), a Unicode-aware
-- fold SQLite's ASCII-only lower()/upper() cannot compute. The key columns are added nullable (SQLite
-- cannot add a NOT NULL column without a default; db/schema.ts declares them NOT NULL so every insert
-- sets them) and db/migrate.ts fills existing rows right after the migrations run.
DROP INDEX `promo_codes_code_unique`;--> statement-breakpoint
ALTER TABLE `promo_codes` ADD `code_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code_key_unique` ON `promo_codes` (`code_key`);--> statement-breakpoint
DROP INDEX `users_username_unique`;--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
ALTER TABLE `users` ADD `username_key` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_key_unique` ON `users` (`email_key`);
