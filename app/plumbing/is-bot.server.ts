import { isbot } from 'isbot';

const answers = new Map<string, boolean>();
/** Distinct User-Agent strings kept; past it the map starts over (a crawler cycling agents costs only the regex). */
export const BOT_ANSWERS_KEPT = 500;

/**
 * `isbot` kept per User-Agent string: its one large regular expression ran on every document
 * request (1.5 % of `/dashboard`'s CPU), while a server sees the same few browsers all day.
 */
export function isBotAgent(userAgent: string): boolean {
  let answer = answers.get(userAgent);
  if (answer === undefined) {
    if (answers.size >= BOT_ANSWERS_KEPT) answers.clear();
    answer = isbot(userAgent);
    answers.set(userAgent, answer);
  }
  return answer;
}

/** How many answers are kept (tests). */
export const botAnswersKept = () => answers.size;
