CREATE TABLE `memorial_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`client` text DEFAULT '' NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`engineer_name` text DEFAULT '' NOT NULL,
	`crea` text DEFAULT '' NOT NULL,
	`art` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "memorial_profiles_length_check" CHECK(length(project_name) <= 120 and length(client) <= 120 and length(place) <= 160 and length(engineer_name) <= 120 and length(crea) <= 30 and length(art) <= 40)
);
