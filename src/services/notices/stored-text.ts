// Words kept in the database to be said later, in the reader's language: a notification is stored as its message's
// key and inputs (JSON), and said when it is read (docs/decisions/spanish.md, phase 2). An input is plain (an amount
// already written as money, a name, an operator's own words), a moment (said as the reader's language writes dates),
// or another such message (a reason the site itself gave).
import { m } from '../../i18n/paraglide/messages.js';
import { formatDateTime } from '../../i18n/format';
import { snapshotTime } from '../../shared/solvency/check';
import type { Lang } from '../../i18n/lang';
import type { MessageFn, Text } from '../../i18n/text';

/** The keys a stored text may name: the API area's (src/i18n/messages/api). */
export type StoredKey = Extract<keyof typeof m, `api_${string}`>;
/** A moment: `snapshot` says it as the proof of liabilities names its snapshots ("28 Nov 2026, 00:00 UTC"). */
export type Moment = { at: number; f?: 'snapshot' };
export type StoredInput = string | number | StoredText | Moment;
export type StoredText = { k: StoredKey; i?: Record<string, StoredInput> };

export const stored = (k: StoredKey, i?: Record<string, StoredInput>): StoredText => (i ? { k, i } : { k });

/** A moment, said as the reader's language writes a date and time (UTC, marked). */
export const moment = (at: number, f?: Moment['f']): Moment => (f ? { at, f } : { at });

const messages = m as unknown as Record<string, MessageFn<Record<string, unknown>> | undefined>;

/** A stored text whose key (and every nested one) this version can say. */
function isStored(v: unknown): v is StoredText {
  if (!v || typeof v !== 'object') return false;
  const { k, i } = v as StoredText;
  if (typeof k !== 'string' || !k.startsWith('api_') || typeof messages[k] !== 'function') return false;
  if (i === undefined) return true;
  if (!i || typeof i !== 'object') return false;
  return Object.values(i).every((x) => typeof x === 'string' || typeof x === 'number' || (!!x && typeof x === 'object' && ('at' in x ? typeof x.at === 'number' : isStored(x))));
}

function sayInput(v: StoredInput, lang: Lang): string | number {
  if (typeof v === 'string' || typeof v === 'number') return v;
  if ('at' in v) return v.f === 'snapshot' ? snapshotTime(new Date(v.at).toISOString(), lang) : formatDateTime(v.at, { lang });
  return renderStored(v, lang);
}

/** The words in `lang`. */
export function renderStored(s: StoredText, lang: Lang): string {
  const inputs = Object.fromEntries(Object.entries(s.i ?? {}).map(([k, v]) => [k, sayInput(v, lang)]));
  return messages[s.k]!(inputs, { locale: lang });
}

/** A stored text as an error's or a page's `Text`. */
export const storedText = (s: StoredText): Text => ({ render: (lang) => renderStored(s, lang) });

/** A stored text that came from elsewhere (a push through Redis), or null when it is not one this version can say. */
export const asStored = (v: unknown): StoredText | null => (isStored(v) ? v : null);

/** A stored text read back from its JSON column; null for none, or for one this version cannot say (a key removed). */
export function parseStored(json: unknown): StoredText | null {
  if (typeof json !== 'string' || !json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return isStored(v) ? v : null;
  } catch {
    return null;
  }
}
