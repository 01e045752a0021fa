ALTER TABLE `active_sessions` ADD `fresh_check_at` integer;
