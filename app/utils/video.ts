/**
 * Lesson videos (section 2 'Video handling'): a YouTube link or ID, or a Google Drive link or
 * file ID, reduced to what an embed needs. Pure and browser-safe; the Content-Security-Policy's
 * frame-src (app/utils/security.server.ts) allows exactly the two embed hosts below.
 */

export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
export const DRIVE_EMBED_ORIGIN = 'https://drive.google.com';

export type LessonVideo =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'drive'; id: string; embedUrl: string }
  | { kind: 'unsupported' };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const DRIVE_ID = /^[A-Za-z0-9_-]{10,}$/;

function parseUrl(value: string): URL | null {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : /^(www\.|m\.)?(youtube\.com|youtu\.be|drive\.google\.com|docs\.google\.com)\//i.test(value) ? `https://${value}` : null;
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

/** What the lesson's player embeds: the ID from a link, the raw value otherwise (section 2). */
export function lessonVideo(source: string, value: string): LessonVideo {
  const raw = value.trim();
  if (source === 'youtube') {
    const id = youtubeId(raw) ?? raw;
    return id ? { kind: 'youtube', id, embedUrl: `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}` } : { kind: 'unsupported' };
  }
  if (source === 'drive') {
    const id = driveFileId(raw) ?? raw;
    // The /view page refuses to be framed; /preview is the embeddable player.
    return id ? { kind: 'drive', id, embedUrl: `${DRIVE_EMBED_ORIGIN}/file/d/${encodeURIComponent(id)}/preview` } : { kind: 'unsupported' };
  }
  return { kind: 'unsupported' };
}
