// CI fails when a message has no Spanish text or a Spanish plural lacks a form (docs/decisions/spanish.md).
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueProblems, type Catalogue } from './catalogue-check';

const DIR = join(import.meta.dir, 'messages');
const SETTINGS = JSON.parse(readFileSync(join(import.meta.dir, 'project.inlang/settings.json'), 'utf8'));
const areas = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const read = (area: string, lang: string): Catalogue => JSON.parse(readFileSync(join(DIR, area, `${lang}.json`), 'utf8'));

describe('the message catalogues', () => {
  test('every area folder is compiled (named in the project settings), with an English and a Spanish file', () => {
    const listed = (SETTINGS['plugin.inlang.messageFormat'].pathPattern as string[]).map((p) => p.split('/')[2]).sort();
    expect(listed).toEqual(areas);
    for (const area of areas) expect(readdirSync(join(DIR, area)).sort()).toEqual(['en.json', 'es.json']);
  });

  test('every English message has its Spanish text, every Spanish plural has one, many and other, and the keys are the catalogues\' own', () => {
    const problems = areas.flatMap((area) => catalogueProblems(area, read(area, 'en'), read(area, 'es')));
    expect(problems).toEqual([]);
  });

  test('no key is in two areas (the compiled catalogue is one namespace)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const area of areas)
      for (const key of Object.keys(read(area, 'en'))) {
        if (key === '$schema') continue;
        if (seen.has(key)) twice.push(`${key} in ${seen.get(key)} and ${area}`);
        seen.set(key, area);
      }
    expect(twice).toEqual([]);
  });
});

describe('the check itself', () => {
  const plural = (forms: Record<string, string>) => [{ declarations: ['input count', 'local countPlural = count: plural'], selectors: ['countPlural'], match: Object.fromEntries(Object.entries(forms).map(([k, v]) => [`countPlural=${k}`, v])) }];

  test('a message missing in Spanish, or left empty, is named', () => {
    expect(catalogueProblems('x', { x_a: 'A', x_b: 'B' }, { x_a: 'A' })).toEqual(['x_b has no Spanish text (x/es.json)']);
    expect(catalogueProblems('x', { x_a: 'A' }, { x_a: '  ' })).toEqual(['x_a has no Spanish text (x/es.json)']);
  });

  test('a Spanish plural without `many` (Intl.PluralRules("es") says 1,000,000 is many) is named', () => {
    const en = { x_n: plural({ one: '{count} player', other: '{count} players' }) };
    expect(catalogueProblems('x', en, { x_n: plural({ one: '{count} jugador', other: '{count} jugadores' }) })).toEqual(['x_n: the Spanish plural lacks many']);
    expect(catalogueProblems('x', en, { x_n: plural({ one: '{count} jugador', many: '{count} de jugadores', other: '{count} jugadores' }) })).toEqual([]);
    expect(catalogueProblems('x', { x_n: plural({ one: '{count} player' }) }, { x_n: plural({ one: '{count}', many: '{count}', other: '{count}' }) })).toEqual(['x_n: the English plural lacks other']);
  });

  test('a plural in English said as plain text in Spanish, a key outside its area and a Spanish message English lacks are named', () => {
    const en = { x_n: plural({ one: '{count} player', other: '{count} players' }) };
    expect(catalogueProblems('x', en, { x_n: '{count} jugadores' })).toEqual(['x_n: the Spanish plural lacks one, many, other']);
    expect(catalogueProblems('x', { y_a: 'A' }, { y_a: 'A' })).toEqual(['y_a: a key of x/ starts with x_']);
    expect(catalogueProblems('x', {}, { x_old: 'Viejo' })).toEqual(['x_old is in Spanish only (x/es.json)']);
  });

  test('a Spanish text that drops or renames an input is named', () => {
    expect(catalogueProblems('x', { x_a: 'Hi {name}' }, { x_a: 'Hola {nombre}' })).toEqual(['x_a: the Spanish text has inputs {nombre}, the English {name}']);
  });
});
