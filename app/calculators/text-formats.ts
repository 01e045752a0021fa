import { ipv4Problem } from './informatics/ipv4';
import { type TextFormat } from './types';

// Control characters would break the memorial's lines and the CSV export.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const noteProblem = (text: string) =>
  CONTROL_CHARACTERS.test(text) ? 'Use apenas texto, sem quebras de linha ou caracteres de controle.' : null;

/** Validators for text inputs: a Portuguese message, or null when the text is valid. */
export const TEXT_FORMAT_VALIDATORS: Readonly<Record<TextFormat, (text: string) => string | null>> = {
  ipv4: ipv4Problem,
  note: noteProblem,
};
