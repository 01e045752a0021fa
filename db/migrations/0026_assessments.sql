ALTER TABLE `courses` ADD `workload_hours` integer;--> statement-breakpoint
ALTER TABLE `courses` ADD `syllabus` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `instructors` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `technical_lead` text;--> statement-breakpoint
ALTER TABLE `certificates` ADD `record` text;--> statement-breakpoint
CREATE TABLE `assessment_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`lesson_id` integer,
	`kind` text NOT NULL,
	`prompt` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`correct` text DEFAULT '[]' NOT NULL,
	`numeric_answer` real,
	`tolerance` real,
	`unit` text,
	`explanation` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "assessment_questions_kind_check" CHECK(kind in ('single', 'multiple', 'true_false', 'numeric')),
	CONSTRAINT "assessment_questions_numeric_check" CHECK(kind <> 'numeric' or (numeric_answer is not null and tolerance is not null and tolerance >= 0))
);
--> statement-breakpoint
CREATE INDEX `assessment_questions_course_idx` ON `assessment_questions` (`course_id`,`lesson_id`,`id`);--> statement-breakpoint
CREATE INDEX `assessment_questions_lesson_idx` ON `assessment_questions` (`lesson_id`);--> statement-breakpoint
CREATE TABLE `course_assessments` (
	`course_id` integer PRIMARY KEY NOT NULL,
	`pass_percent` integer DEFAULT 70 NOT NULL,
	`questions_per_attempt` integer DEFAULT 10 NOT NULL,
	`time_limit_minutes` integer,
	`max_attempts` integer,
	`wait_hours` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "course_assessments_pass_check" CHECK(pass_percent between 1 and 100),
	CONSTRAINT "course_assessments_count_check" CHECK(questions_per_attempt between 1 and 20),
	CONSTRAINT "course_assessments_time_check" CHECK(time_limit_minutes is null or time_limit_minutes between 1 and 600),
	CONSTRAINT "course_assessments_attempts_check" CHECK(max_attempts is null or max_attempts between 1 and 100),
	CONSTRAINT "course_assessments_wait_check" CHECK(wait_hours is null or wait_hours between 1 and 8760)
);
--> statement-breakpoint
CREATE TABLE `assessment_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`questions` text NOT NULL,
	`pass_percent` integer NOT NULL,
	`started_at` integer NOT NULL,
	`deadline_at` integer,
	`submitted_at` integer,
	`answers` text,
	`correct_count` integer,
	`score_percent` real,
	`passed` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assessment_attempts_user_course_idx` ON `assessment_attempts` (`user_id`,`course_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `assessment_attempts_course_submitted_idx` ON `assessment_attempts` (`course_id`,`submitted_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `assessment_attempts_open_unique` ON `assessment_attempts` (`user_id`,`course_id`) WHERE submitted_at is null;
