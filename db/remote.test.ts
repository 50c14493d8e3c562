import { describe, expect, test } from 'bun:test';
import type * as hrana from '@libsql/hrana-client';
import { keptStream, streamGone, type Remote } from './remote';

/** A Remote whose streams are plain objects, counted as they are opened and closed. */
function fakeRemote() {
  const opened: { closed: boolean; close(): void }[] = [];
  const remote = {
    hrana: {
      openStream: () => {
        const s = { closed: false, close: () => void (s.closed = true) };
        opened.push(s);
        return s as unknown as hrana.HttpStream;
      },
    },
    version: async () => 2,
  } as unknown as Remote;
  return { remote, opened };
}

describe('kept stream', () => {
  test('requests one after another share a stream; an idle one is replaced before sqld would expire it', () => {
    const { remote, opened } = fakeRemote();
    let now = 0;
    const kept = keptStream(remote, () => now);
    const first = kept.take();
    kept.done(false);
    now += 4_000;
    expect(kept.take()).toBe(first);
    kept.done(false);
    // sqld forgets a stream 10 s after its last request; past 5 s of quiet a new one is opened, the old one closed.
    now += 5_001;
    const second = kept.take();
    expect(second).not.toBe(first);
    expect(opened.map((s) => s.closed)).toEqual([true, false]);
  });

  test('a failed request ends its stream; the next request opens a new one', () => {
    const { remote, opened } = fakeRemote();
    const kept = keptStream(remote, () => 0);
    const first = kept.take();
    kept.done(true);
    expect(kept.take()).not.toBe(first);
    expect(opened.map((s) => s.closed)).toEqual([true, false]);
  });

  test('only a refusal that ran nothing (an expired or unknown stream) is worth sending again', () => {
    expect(streamGone(new Error('The stream has expired due to inactivity'))).toBe(true);
    expect(streamGone(new Error('Received an invalid baton'))).toBe(true);
    expect(streamGone(new Error('SQLITE_CONSTRAINT: CHECK constraint failed'))).toBe(false);
    expect(streamGone(new Error('fetch failed'))).toBe(false);
  });
});
