/**
 * The reply box's files: their limits and words (shared with the browser). The files themselves
 * never go through a zod schema: the upload kit streams them to disk and the model checks their
 * count, size, type and structure (app/models/chat/attachments.server.ts).
 */
export * from './chat-attachment-limits';
