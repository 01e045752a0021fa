CREATE INDEX `chat_messages_thread_replies_idx` ON `chat_messages` (`thread_id`,`is_admin_message`,`created_at`);
