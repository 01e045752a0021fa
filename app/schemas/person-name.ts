import { minString } from './fields';

/**
 * "A name a person typed" (a username, a contact's name, a name printed on a certificate or a
 * memorial): what it may not hold. C0 and C1 controls (line breaks and tabs included), format
 * characters (the bidirectional overrides and isolates such as U+202E, zero-width marks, the
 * BOM, soft hyphens, invisible operators), line and paragraph separators, private-use code points.
 * A name printed on a certificate could otherwise read backwards or hide a part of itself.
 */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}]/u;

export const INVISIBLE_CHARACTERS_MESSAGE = 'Remova quebras de linha, tabulações e caracteres invisíveis.';

export const hasInvisibleCharacters = (value: string): boolean => INVISIBLE_CHARACTERS.test(value);

/** A trimmed name of `min` to `max` characters with nothing invisible in it (`minString` plus the refusal above). */
export const personName = (min: number, message: string, max: number, invisibleMessage: string = INVISIBLE_CHARACTERS_MESSAGE) =>
  minString(min, message, max).refine((value) => !hasInvisibleCharacters(value), invisibleMessage);

/** The username of every form and API (registration, profile, admin): 3 to 50 characters, visible ones only. */
export const usernameField = (message: string, invisibleMessage?: string) => personName(3, message, 50, invisibleMessage);
