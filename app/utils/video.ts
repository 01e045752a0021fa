/**
 * Lesson videos (the specification's 'Course detail' screen, video handling): a YouTube link or ID, or a Google Drive link or
 * file ID, reduced to what an embed needs. Pure and browser-safe; the Content-Security-Policy's
 * frame-src (app/utils/security.server.ts) allows exactly the two embed hosts below.
 */

export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
export const DRIVE_EMBED_ORIGIN = 'https://drive.google.com';

export type LessonVideo =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'drive'; id: string; embedUrl: string }
  | { kind: 'unsupported' };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const DRIVE_ID = /^[A-Za-z0-9_-]{10,}$/;

/** A value that is a link rather than a bare ID: a scheme, '//', or one of the known hosts without a scheme. */
function linkText(value: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  if (value.startsWith('//')) return `https:${value}`;
  return /^(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com|drive\.google\.com|docs\.google\.com)\//i.test(value)
    ? `https://${value}`
    : null;
}

function parseUrl(value: string): URL | null {
  const text = linkText(value);
  if (!text) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** youtu.be/ID, /watch?v=ID&t=…, /embed/ID, /shorts/ID, /live/ID, /v/ID; null for anything else. */
export function youtubeId(value: string): string | null {
  const url = parseUrl(value.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    candidate = url.pathname.split('/')[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = url.pathname.split('/').slice(1);
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v', 'e'].includes(first)) candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** drive.google.com/file/d/ID/view (or /preview, /edit), open?id=ID, uc?id=ID&export=download; null otherwise. */
export function driveFileId(value: string): string | null {
  const url = parseUrl(value.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (host !== 'drive.google.com' && host !== 'docs.google.com') return null;
  const fromPath = /\/file\/(?:u\/\d+\/)?d\/([^/?#]+)/.exec(url.pathname)?.[1];
  const candidate = fromPath ?? url.searchParams.get('id');
  return candidate && DRIVE_ID.test(candidate) ? candidate : null;
}

/** A raw value used as an ID as it is: the characters IDs are made of, nothing a link or markup needs. */
const RAW_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The ID a lesson's value stands for: the one in a link, or the raw value when it is not a link
 * (the specification's Screens and routes). A link the extractor cannot read (another site, a Drive folder, a watch link
 * without an ID) gives null, so the player says 'Formato de vídeo não suportado' instead of
 * framing a broken embed.
 */
function videoId(value: string, fromLink: (value: string) => string | null): string | null {
  const raw = value.trim();
  if (linkText(raw) !== null) return fromLink(raw);
  return RAW_ID.test(raw) ? raw : null;
}

/** What the lesson's player embeds: the ID from a link, the raw value otherwise (the specification's Screens and routes). */
export function lessonVideo(source: string, value: string): LessonVideo {
  if (source === 'youtube') {
    const id = videoId(value, youtubeId);
    return id ? { kind: 'youtube', id, embedUrl: `${YOUTUBE_EMBED_ORIGIN}/embed/${id}` } : { kind: 'unsupported' };
  }
  if (source === 'drive') {
    const id = videoId(value, driveFileId);
    // The /view page refuses to be framed; /preview is the embeddable player.
    return id ? { kind: 'drive', id, embedUrl: `${DRIVE_EMBED_ORIGIN}/file/d/${id}/preview` } : { kind: 'unsupported' };
  }
  return { kind: 'unsupported' };
}
