import { listEntry } from './destination-key';

/**
 * A sanctions list as a file: plain text, one address or Lightning node id a line (`#` starts a comment), or OFAC's
 * SDN advanced XML (sdn_advanced.xml), whose Bitcoin addresses are the VersionDetail of every Feature whose
 * FeatureTypeID is the ID of the FeatureType "Digital Currency Address - XBT" (ReferenceValueSets/FeatureTypeValues),
 * dated by its DateOfIssue.
 */
export type ParsedList = {
  format: 'text' | 'sdn-xml';
  entries: string[];
  /** The list's own date (the SDN file's DateOfIssue), ms UTC; null for text. */
  listDate: number | null;
  /** Entries that are no Bitcoin address: lines of a text file (the import refuses them), values of the SDN file (skipped). */
  rejected: { where: string; text: string }[];
};

export class ListFileError extends Error {}

export const XBT_FEATURE = 'Digital Currency Address - XBT';

const entity = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(Number(k.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[k]!;
  });

// Element names with or without a namespace prefix (`sdn:Feature`), as OFAC's file and its re-publishers write them.
const tag = (name: string) => `<(?:[\\w.-]+:)?${name}\\b`;
const close = (name: string) => `</(?:[\\w.-]+:)?${name}\\s*>`;

function parseSdn(xml: string): ParsedList {
  const type = new RegExp(`${tag('FeatureType')}[^>]*\\bID="(\\d+)"[^>]*>\\s*${XBT_FEATURE}\\s*${close('FeatureType')}`).exec(xml);
  if (!type) throw new ListFileError(`no FeatureType "${XBT_FEATURE}" in this XML: it is not OFAC's SDN advanced XML (sdn_advanced.xml)`);
  const id = type[1]!;
  const entries: string[] = [];
  const rejected: ParsedList['rejected'] = [];
  const feature = new RegExp(`${tag('Feature')}(?=[^>]*\\bFeatureTypeID="${id}")[^>]*>([\\s\\S]*?)${close('Feature')}`, 'g');
  const detail = new RegExp(`${tag('VersionDetail')}[^>]*>([^<]*)${close('VersionDetail')}`, 'g');
  for (const f of xml.matchAll(feature))
    for (const d of f[1]!.matchAll(detail)) {
      const text = entity(d[1]!).trim();
      if (!text) continue;
      const e = listEntry(text);
      if (e) entries.push(e);
      else rejected.push({ where: 'Feature', text });
    }
  const date = new RegExp(`${tag('DateOfIssue')}[^>]*>\\s*${tag('Year')}[^>]*>(\\d{4})${close('Year')}\\s*${tag('Month')}[^>]*>(\\d{1,2})${close('Month')}\\s*${tag('Day')}[^>]*>(\\d{1,2})${close('Day')}`).exec(xml);
  const listDate = date ? Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) : null;
  return { format: 'sdn-xml', entries, listDate, rejected };
}

function parseText(text: string): ParsedList {
  const entries: string[] = [];
  const rejected: ParsedList['rejected'] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const v = line.replace(/#.*$/, '').trim();
    if (!v) return;
    const e = listEntry(v);
    if (e) entries.push(e);
    else rejected.push({ where: `line ${i + 1}`, text: v.slice(0, 120) });
  });
  return { format: 'text', entries, listDate: null, rejected };
}

export function parseSanctionsFile(content: string): ParsedList {
  const text = content.replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? parseSdn(text) : parseText(text);
}
