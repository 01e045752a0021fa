import { z } from 'zod';
import { chatMessageField } from './chat';
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENTS } from './chat-attachment-limits';

export * from './chat-attachment-limits';

/** A browser sends an empty part for a file input left empty: not a file. */
const isChosenFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File && (value.size > 0 || value.name !== '');

/**
 * The reply box with files: `message` as for any reply, `files` the chosen files (none, one or
 * several under the same name). The count is checked here; type and size by the model, on the bytes.
 */
export const chatMessageWithFilesSchema = z.object({
  message: chatMessageField,
  files: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(isChosenFile),
    z.array(z.custom<File>(isChosenFile)).max(MAX_ATTACHMENTS, ATTACHMENT_MESSAGES.tooMany),
  ),
});
