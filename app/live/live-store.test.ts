import { describe, expect, test } from 'vitest';
import { resumePoint } from './protocol';
import { LiveStore, type LiveStreamEvent } from './live-store';

const event = (id: string | null, type: LiveStreamEvent['type'], channel: string, data: unknown): LiveStreamEvent => ({
  id,
  type,
  channel,
  data,
});

describe('the header counts', () => {
  test("only events after the loader's position move the loader's count; an exact count replaces, a broadcast adds", () => {
    const store = new LiveStore();
    store.role = 'E-BASIC';
    store.receive(event('b-9', 'notifications', 'user:1', { count: 7 }));
    expect(store.countOf('notifications', 3, 'b-10')).toBe(3);
    store.receive(event('b-11', 'notifications', 'user:1', { count: 5 }));
    expect(store.countOf('notifications', 3, 'b-10')).toBe(5);
    store.receive(event('b-12', 'notifications', 'everyone', { added: 1, role: 'all' }));
    expect(store.countOf('notifications', 3, 'b-10')).toBe(6);
    // A loader that read after all of them is the truth.
    expect(store.countOf('notifications', 2, 'b-12')).toBe(2);
  });

  test('a notice for another role does not count, and an event delivered twice counts once', () => {
    const store = new LiveStore();
    store.role = 'E-BASIC';
    store.receive(event('b-2', 'notifications', 'everyone', { added: 1, role: 'E-TOOL' }));
    store.receive(event('b-3', 'notifications', 'everyone', { added: 1, role: 'E-BASIC' }));
    store.receive(event('b-3', 'notifications', 'everyone', { added: 1, role: 'E-BASIC' }));
    expect(store.countOf('notifications', 0, 'b-1')).toBe(1);
  });

  test("the desk's count comes from the admins channel, the user's own from theirs; resync forgets both", () => {
    const store = new LiveStore();
    store.receive(event('b-5', 'chat-unread', 'admins', { count: 4 }));
    store.receive(event('b-6', 'chat-unread', 'user:9', { count: 1 }));
    expect(store.countOf('adminChats', 0, 'b-1')).toBe(4);
    expect(store.countOf('userChats', 0, 'b-1')).toBe(1);
    store.receive(event('b-6', 'resync', 'stream', {}));
    expect(store.countOf('adminChats', 2, 'b-1')).toBe(2);
  });
});

describe('the ticket on screen', () => {
  test('keeps its own live messages once each, and forgets them for another ticket', async () => {
    const store = new LiveStore();
    const stop = store.watchThread(5, 'b-1');
    const message = { id: 40, threadId: 5, message: 'Olá', isAdminMessage: true };
    store.receive(event('b-2', 'chat-message', 'thread:5', { threadId: 5, message }));
    store.receive(event('b-3', 'chat-message', 'thread:5', { threadId: 5, message }));
    store.receive(event('b-4', 'chat-message', 'thread:6', { threadId: 6, message: { ...message, id: 41 } }));
    expect(store.messagesOf(5)).toEqual([message]);
    stop();
    store.watchThread(6, 'b-4');
    await Promise.resolve();
    expect(store.messagesOf(5)).toEqual([]);
  });

  test('a page registering its ticket again is one announcement, and a stream resumes from the earliest position', async () => {
    const store = new LiveStore();
    let announcements = 0;
    store.onThreadChange(() => (announcements += 1));
    const first = store.watchThread(5, 'b-8');
    await Promise.resolve();
    first();
    store.watchThread(5, 'b-12');
    await Promise.resolve();
    expect(announcements).toBe(2);
    store.baseCursor = 'b-10';
    expect(store.resumeFrom()).toBe('b-10');
    store.receive(event('b-15', 'chat-unread', 'admins', { count: 1 }));
    expect(store.resumeFrom()).toBe('b-12');
  });

  test('positions from two different server boots resume nowhere (the server answers resync)', () => {
    expect(resumePoint(['a-10', 'b-3'])).toBe('stale');
    expect(resumePoint([null, 'b-3'])).toBe('b-3');
    expect(resumePoint([null, undefined])).toBeNull();
  });
});
