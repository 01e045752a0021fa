CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`client` text DEFAULT '' NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`art` text DEFAULT '' NOT NULL,
	`engineer_name` text DEFAULT '' NOT NULL,
	`crea` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "projects_status_check" CHECK(status in ('draft', 'issued', 'archived')),
	CONSTRAINT "projects_length_check" CHECK(length(name) between 1 and 120 and length(client) <= 120 and length(place) <= 160 and length(art) <= 40 and length(engineer_name) <= 120 and length(crea) <= 30 and length(description) <= 2000)
);
--> statement-breakpoint
CREATE INDEX `projects_user_updated_idx` ON `projects` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `project_calculations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`calculator_slug` text NOT NULL,
	`calculator_version` text NOT NULL,
	`title` text NOT NULL,
	`query` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "project_calculations_title_check" CHECK(length(title) between 1 and 120),
	CONSTRAINT "project_calculations_query_check" CHECK(length(query) <= 4096)
);
--> statement-breakpoint
CREATE INDEX `project_calculations_project_position_idx` ON `project_calculations` (`project_id`,`position`);--> statement-breakpoint
CREATE TABLE `project_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`number` integer NOT NULL,
	`snapshot` text NOT NULL,
	`changes` text NOT NULL,
	`issued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_revisions_project_number_idx` ON `project_revisions` (`project_id`,`number`);--> statement-breakpoint
CREATE TRIGGER `project_revisions_frozen` BEFORE UPDATE ON `project_revisions`
BEGIN
	SELECT RAISE(ABORT, 'Uma revisão emitida não pode ser alterada.');
END;
--> statement-breakpoint
CREATE TABLE `project_share_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`revision_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`view_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`revision_id`) REFERENCES `project_revisions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_share_links_token_idx` ON `project_share_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `project_share_links_project_idx` ON `project_share_links` (`project_id`);
