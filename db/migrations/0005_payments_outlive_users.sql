-- Payment records outlive the account that paid: user_id becomes nullable with ON DELETE SET NULL
-- (was NOT NULL ... ON DELETE CASCADE), and payer_username/payer_email/payer_cpf keep who paid.
-- SQLite cannot alter a foreign key, so the table is rebuilt; existing rows copy their payer from users.
-- Hand-checked: drizzle-kit's INSERT read the new payer_* columns from the old table (which has none).
-- The PRAGMAs are no-ops inside the migrator's transaction; nothing references payments, so the
-- DROP TABLE checks no foreign key and the copy keeps every row and id.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`payer_username` text,
	`payer_email` text,
	`payer_cpf` text,
	`stripe_payment_intent_id` text NOT NULL,
	`kind` text NOT NULL,
	`plan_type` text,
	`months` integer,
	`course_id` integer,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_kind_check" CHECK(kind in ('plan', 'course')),
	CONSTRAINT "payments_status_check" CHECK(status in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK(amount_cents > 0),
	CONSTRAINT "payments_months_check" CHECK(months is null or months between 1 and 12)
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "user_id", "payer_username", "payer_email", "payer_cpf", "stripe_payment_intent_id", "kind", "plan_type", "months", "course_id", "amount_cents", "status", "created_at", "completed_at") SELECT p."id", p."user_id", u."username", u."email", u."cpf", p."stripe_payment_intent_id", p."kind", p."plan_type", p."months", p."course_id", p."amount_cents", p."status", p."created_at", p."completed_at" FROM `payments` p LEFT JOIN `users` u ON u."id" = p."user_id";--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_intent_id_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`);