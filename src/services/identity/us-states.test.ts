import { describe, expect, test } from 'bun:test';
import { checkRegisteredState } from './registered-state';
import { stateCodeOf, stateNameIn, usStatesIn, US_STATES } from './us-states';

describe('US states in the reader\'s language', () => {
  test('Spanish names the states it names its own way, and writes the others as English does', () => {
    expect(stateNameIn('NY', 'es')).toBe('Nueva York');
    expect(stateNameIn('NC', 'es')).toBe('Carolina del Norte');
    expect(stateNameIn('DC', 'es')).toBe('Distrito de Columbia');
    expect(stateNameIn('TX', 'es')).toBe('Texas');
    expect(stateNameIn('NY', 'en')).toBe('New York');
  });

  test("a form's list has every state once, in the language's alphabetical order", () => {
    for (const lang of ['en', 'es'] as const) {
      const list = usStatesIn(lang);
      expect(list.map(([c]) => c).sort()).toEqual(US_STATES.map(([c]) => c).sort());
      const names = list.map(([, n]) => n);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, lang)));
    }
    const es = usStatesIn('es').map(([, n]) => n);
    expect(es.indexOf('Carolina del Norte')).toBeLessThan(es.indexOf('Colorado'));
    expect(es).not.toContain('New York');
  });

  test("a refused state is said in the reader's language; codes and English names are still read", () => {
    const refused = checkRegisteredState('NY', ['NY']).state!;
    expect(refused.render('es')).toContain('Nueva York');
    expect(refused.render('en')).toContain('New York');
    expect(stateCodeOf('new york')).toBe('NY');
  });
});
