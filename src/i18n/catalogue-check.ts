// What makes a catalogue pair complete: run by src/i18n/catalogue.test.ts (and so by `npm test` in CI).
import { LANGS } from './lang';

export type Catalogue = Record<string, unknown>;

/** The plural forms each language must give: what Intl.PluralRules says the language has (es: one, many, other). */
const ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];
export const PLURAL_FORMS: Record<string, string[]> = Object.fromEntries(
  LANGS.map((l) => [l, new Intl.PluralRules(l).resolvedOptions().pluralCategories.slice().sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))]),
);

type Variant = { match?: Record<string, string> };

/** A message's texts: one for a plain message, one per form for a plural. */
function texts(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap((x: Variant) => Object.values(x?.match ?? {}));
  return [];
}

/** The forms a plural message gives (`countPlural=many` → many); null for a plain message. */
function pluralForms(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  return [...new Set(v.flatMap((x: Variant) => Object.keys(x?.match ?? {}).map((k) => k.split('=')[1] ?? '')))].sort();
}

const inputs = (v: unknown) => [...new Set(texts(v).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();

/** Every problem of one area's pair of catalogues, as sentences; none when it is complete. */
export function catalogueProblems(area: string, en: Catalogue, es: Catalogue): string[] {
  const out: string[] = [];
  const keys = (c: Catalogue) => Object.keys(c).filter((k) => k !== '$schema');
  for (const key of keys(en)) {
    if (!key.startsWith(`${area}_`)) out.push(`${key}: a key of ${area}/ starts with ${area}_`);
    const e = en[key];
    const s = es[key];
    if (s === undefined || texts(s).every((t) => !t.trim())) {
      out.push(`${key} has no Spanish text (${area}/es.json)`);
      continue;
    }
    const enForms = pluralForms(e);
    if (enForms) {
      const lacksEn = PLURAL_FORMS.en!.filter((f) => !enForms.includes(f));
      if (lacksEn.length) out.push(`${key}: the English plural lacks ${lacksEn.join(', ')}`);
      const esForms = pluralForms(s) ?? [];
      const lacksEs = PLURAL_FORMS.es!.filter((f) => !esForms.includes(f));
      if (lacksEs.length) {
        out.push(`${key}: the Spanish plural lacks ${lacksEs.join(', ')}`);
        continue;
      }
    }
    const a = inputs(e).join(', ');
    const b = inputs(s).join(', ');
    if (a !== b) out.push(`${key}: the Spanish text has inputs ${b ? `{${inputs(s).join('}, {')}}` : 'none'}, the English ${a ? `{${inputs(e).join('}, {')}}` : 'none'}`);
  }
  for (const key of keys(es)) if (!(key in en)) out.push(`${key} is in Spanish only (${area}/es.json)`);
  return out;
}
