CREATE INDEX `assessment_attempts_course_totals_idx` ON `assessment_attempts` (`course_id`,`submitted_at`,`user_id`,`passed`,`score_percent`,("answers" is null));
