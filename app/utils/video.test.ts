import { describe, expect, it } from 'vitest';
import { driveFileId, lessonVideo, youtubeId } from './video';

const YT = 'dQw4w9WgXcQ';
const DRIVE = '1A2b3C4d5E6f7G8h9I0jKlMnOpQrStUvW';

describe('youtubeId: every YouTube link shape gives the 11-character video ID', () => {
  it.each([
    ['a youtu.be short link', `https://youtu.be/${YT}`],
    ['a youtu.be short link with ?si= and ?t=', `https://youtu.be/${YT}?si=AbCdEf123&t=42`],
    ['a watch link', `https://www.youtube.com/watch?v=${YT}`],
    ['a watch link with &t=', `https://www.youtube.com/watch?v=${YT}&t=1m30s`],
    ['a watch link with &list= and &index=', `https://www.youtube.com/watch?v=${YT}&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&index=3`],
    ['a watch link with v after other parameters', `https://www.youtube.com/watch?feature=share&list=PL123&v=${YT}&t=10`],
    ['a watch link without www', `https://youtube.com/watch?v=${YT}`],
    ['a watch link without a scheme', `www.youtube.com/watch?v=${YT}`],
    ['a plain http watch link', `http://www.youtube.com/watch?v=${YT}`],
    ['an m.youtube link', `https://m.youtube.com/watch?v=${YT}&feature=youtu.be`],
    ['an embed link', `https://www.youtube.com/embed/${YT}`],
    ['an embed link with ?start=', `https://www.youtube.com/embed/${YT}?start=30&rel=0`],
    ['a protocol-relative embed link', `//www.youtube.com/embed/${YT}`],
    ['a shorts link', `https://www.youtube.com/shorts/${YT}`],
    ['a shorts link with ?feature=share', `https://youtube.com/shorts/${YT}?feature=share`],
    ['a live link', `https://www.youtube.com/live/${YT}?si=xyz`],
    ['a nocookie embed link', `https://www.youtube-nocookie.com/embed/${YT}`],
    ['a link with surrounding spaces', `  https://youtu.be/${YT}  `],
  ])('%s', (_shape, link) => {
    expect(youtubeId(link)).toBe(YT);
  });

  it.each([
    ['a raw ID (not a link)', YT],
    ['another site', 'https://vimeo.com/76979871'],
    ['a watch link without v', 'https://www.youtube.com/watch?list=PL123'],
    ['a watch link whose v is not an ID', 'https://www.youtube.com/watch?v=curto'],
    ['a channel page', 'https://www.youtube.com/@canal'],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${YT}`],
  ])('gives null for %s', (_shape, value) => {
    expect(youtubeId(value)).toBeNull();
  });
});

describe('driveFileId: every Drive link shape gives the file ID', () => {
  it.each([
    ['/file/d/ID/view', `https://drive.google.com/file/d/${DRIVE}/view`],
    ['/file/d/ID/view?usp=sharing', `https://drive.google.com/file/d/${DRIVE}/view?usp=sharing`],
    ['/file/d/ID/preview', `https://drive.google.com/file/d/${DRIVE}/preview`],
    ['/file/d/ID/edit?usp=sharing', `https://drive.google.com/file/d/${DRIVE}/edit?usp=sharing`],
    ['/file/d/ID without a suffix', `https://drive.google.com/file/d/${DRIVE}`],
    ['/file/u/0/d/ID/view (a signed-in account path)', `https://drive.google.com/file/u/0/d/${DRIVE}/view`],
    ['open?id=ID', `https://drive.google.com/open?id=${DRIVE}`],
    ['uc?id=ID&export=download', `https://drive.google.com/uc?id=${DRIVE}&export=download`],
    ['uc?export=download&id=ID', `https://drive.google.com/uc?export=download&id=${DRIVE}`],
    ['a docs.google.com file link', `https://docs.google.com/file/d/${DRIVE}/edit`],
    ['a link without a scheme', `drive.google.com/file/d/${DRIVE}/view`],
  ])('%s', (_shape, link) => {
    expect(driveFileId(link)).toBe(DRIVE);
  });

  it.each([
    ['a raw ID (not a link)', DRIVE],
    ['a folder link', `https://drive.google.com/drive/folders/${DRIVE}`],
    ['another host', `https://example.com/file/d/${DRIVE}/view`],
    ['a YouTube link', `https://youtu.be/${YT}`],
  ])('gives null for %s', (_shape, value) => {
    expect(driveFileId(value)).toBeNull();
  });
});

describe('lessonVideo: what the player embeds', () => {
  it('a YouTube link becomes the nocookie embed of its ID', () => {
    expect(lessonVideo('youtube', `https://www.youtube.com/watch?v=${YT}&t=42&list=PL1`)).toEqual({
      kind: 'youtube',
      id: YT,
      embedUrl: `https://www.youtube-nocookie.com/embed/${YT}`,
    });
  });

  it('a raw YouTube ID is used as it is', () => {
    expect(lessonVideo('youtube', ` ${YT} `)).toEqual({
      kind: 'youtube',
      id: YT,
      embedUrl: `https://www.youtube-nocookie.com/embed/${YT}`,
    });
  });

  it('a Drive link becomes the /preview embed (the /view page refuses to be framed)', () => {
    expect(lessonVideo('drive', `https://drive.google.com/file/d/${DRIVE}/view?usp=sharing`)).toEqual({
      kind: 'drive',
      id: DRIVE,
      embedUrl: `https://drive.google.com/file/d/${DRIVE}/preview`,
    });
  });

  it('a raw Drive file ID is used as it is', () => {
    expect(lessonVideo('drive', DRIVE)).toEqual({ kind: 'drive', id: DRIVE, embedUrl: `https://drive.google.com/file/d/${DRIVE}/preview` });
  });

  it('every YouTube and Drive embed stays on the two hosts the frame-src allows', () => {
    const links = [`https://youtu.be/${YT}`, `https://www.youtube.com/shorts/${YT}`, YT];
    for (const link of links)
      expect(new URL((lessonVideo('youtube', link) as { embedUrl: string }).embedUrl).origin).toBe('https://www.youtube-nocookie.com');
    for (const link of [`https://drive.google.com/open?id=${DRIVE}`, DRIVE]) {
      expect(new URL((lessonVideo('drive', link) as { embedUrl: string }).embedUrl).origin).toBe('https://drive.google.com');
    }
  });

  it.each([
    ['an unknown source', 'vimeo', 'https://vimeo.com/76979871'],
    ['an empty source', '', YT],
    ['an empty value', 'youtube', '   '],
    ['a link to another site under youtube', 'youtube', 'https://vimeo.com/76979871'],
    ['a YouTube link without a video ID', 'youtube', 'https://www.youtube.com/@canal'],
    ['a Drive folder under drive', 'drive', `https://drive.google.com/drive/folders/${DRIVE}`],
    ['a script URL', 'youtube', 'javascript:alert(1)'],
    ['markup instead of an ID', 'youtube', `<iframe src="https://www.youtube.com/embed/${YT}"></iframe>`],
    ['a raw value with a path', 'drive', `${DRIVE}/../../admin`],
  ])('%s is unsupported', (_case, source, value) => {
    expect(lessonVideo(source, value)).toEqual({ kind: 'unsupported' });
  });
});
