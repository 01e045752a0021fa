-- The admin user search (decision 013): a substring of the username or e-mail, through an FTS5
-- trigram index over the folded keys instead of LIKE '%x%', which reads every row of users.
-- Not in db/schema.ts (Drizzle has no virtual tables); app/models/admin/users.server.ts queries it.
-- The triggers keep it in step with every write to users, whoever makes it (models, the large
-- seed, the key backfill). A migration that rebuilds users drops them: it must create them again.
CREATE VIRTUAL TABLE `users_search` USING fts5(username_key, email_key, tokenize = 'trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO `users_search`(rowid, username_key, email_key) SELECT id, username_key, email_key FROM `users`;
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search`(rowid, username_key, email_key) VALUES (new.id, new.username_key, new.email_key);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF username_key, email_key ON `users` BEGIN
  UPDATE `users_search` SET username_key = new.username_key, email_key = new.email_key WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `users_search` WHERE rowid = old.id;
END;
