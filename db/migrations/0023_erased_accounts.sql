CREATE TABLE `erased_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`erased_at` integer NOT NULL
);
