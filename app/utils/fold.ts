/**
 * The one folded form on which usernames, e-mails and promo codes are compared: trimmed,
 * Unicode-normalized (NFKC, so 'ﬁ' is 'fi' and full-width letters are plain) and lower-cased
 * with JavaScript's Unicode rules. SQLite's lower()/upper() only fold ASCII, so the key is
 * computed here and stored beside the value (users.username_key, users.email_key,
 * promo_codes.code_key), where a UNIQUE index keeps it unique.
 */
export function foldKey(text: string): string {
  return text.trim().normalize('NFKC').toLowerCase();
}

/**
 * The key a title is sorted and searched by: folded as above, then without accents, so
 * 'Álgebra' sorts among the A's and 'eletrica' finds 'Elétrica' (courses.title_key).
 */
export function sortKey(text: string): string {
  return foldKey(text).normalize('NFD').replace(/\p{M}/gu, '');
}
