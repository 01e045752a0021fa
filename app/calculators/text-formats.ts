import { ipv4Problem } from './informatics/ipv4';
import { type TextFormat } from './types';

/** Validators for text inputs: a Portuguese message, or null when the text is valid. */
export const TEXT_FORMAT_VALIDATORS: Readonly<Record<TextFormat, (text: string) => string | null>> = {
  ipv4: ipv4Problem,
};
