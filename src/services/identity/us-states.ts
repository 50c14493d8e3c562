import type { Lang } from '../../i18n/lang';
import type { Text } from '../../i18n/text';

/** US states, the District of Columbia and Puerto Rico, by their postal code. */
export const US_STATES: [string, string][] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'],
  ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'],
  ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'],
  ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['PR', 'Puerto Rico'], ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
];

const NAMES = new Map(US_STATES);
export const isUsState = (code: unknown): code is string => typeof code === 'string' && NAMES.has(code);
export const stateName = (code: string) => NAMES.get(code) ?? code;

/** The states US Spanish names its own way ("Nueva York"); the others are written as in English. */
const SPANISH: Record<string, string> = {
  DC: 'Distrito de Columbia', HI: 'Hawái', LA: 'Luisiana', MO: 'Misuri', NH: 'Nuevo Hampshire', NJ: 'Nueva Jersey', NM: 'Nuevo México',
  NY: 'Nueva York', NC: 'Carolina del Norte', ND: 'Dakota del Norte', PA: 'Pensilvania', SC: 'Carolina del Sur', SD: 'Dakota del Sur',
  WV: 'Virginia Occidental',
};

/** A state's name in `lang`. */
export const stateNameIn = (code: string, lang: Lang): string => (lang === 'es' && SPANISH[code]) || stateName(code);

/** A state's name said in the language of whoever reads it (an error's input). */
export const stateText = (code: string): Text => ({ render: (lang) => stateNameIn(code, lang) });

const byLang = new Map<Lang, [string, string][]>();
/** The states named in `lang`, in that language's alphabetical order (a form's list). */
export function usStatesIn(lang: Lang): [string, string][] {
  let list = byLang.get(lang);
  if (!list) byLang.set(lang, (list = US_STATES.map(([code]) => [code, stateNameIn(code, lang)] as [string, string]).sort((a, b) => a[1].localeCompare(b[1], lang))));
  return list;
}

/** RESTRICTED_STATES as a list of codes; a code that is not a US state is a configuration error (config.ts). */
export const parseStateList = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);

const BY_NAME = new Map(US_STATES.map(([code, name]) => [name.toLowerCase(), code]));

/** A state as a document or a vendor writes it ("TX", "tx", "Texas", "TEXAS"): its postal code, or null. */
export function stateCodeOf(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim().replace(/\s+/g, ' ');
  if (isUsState(t.toUpperCase())) return t.toUpperCase();
  return BY_NAME.get(t.toLowerCase()) ?? null;
}
