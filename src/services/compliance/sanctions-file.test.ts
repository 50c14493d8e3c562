import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ListFileError, parseSanctionsFile } from './sanctions-file';

const SDN = readFileSync(resolve(import.meta.dir, '../../../tests/fixtures/sanctions/sdn_advanced.sample.xml'), 'utf8');

describe('reading a sanctions list file', () => {
  test('OFAC\'s SDN advanced XML: the XBT features\' addresses, its date of issue; ETH and LTC addresses and birthdates are not read', () => {
    const r = parseSanctionsFile(SDN);
    expect(r.format).toBe('sdn-xml');
    expect(new Date(r.listDate!).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(r.entries).toEqual(['12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp']);
    expect(r.rejected).toEqual([{ where: 'Feature', text: '1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDq' }]);
  });

  test('the same file written with a namespace prefix, another feature id, entities and a byte-order mark reads the same', () => {
    const prefixed = '\uFEFF' + SDN.replace(/<(\/?)([A-Z])/g, '<$1sdn:$2').replace('xmlns="', 'xmlns:sdn="')
      .replaceAll('FeatureTypeID="344"', 'FeatureTypeID="9344"').replace('ID="344"', 'ID="9344"')
      .replace('>12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h<', '>&#x31;2QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h<');
    expect(parseSanctionsFile(prefixed).entries).toEqual(parseSanctionsFile(SDN).entries);
  });

  test('text: one entry a line, comments and blank lines ignored; what is no address is named by its line', () => {
    const r = parseSanctionsFile('# list\n\n 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy \nnope # why\r\n02' + 'ab'.repeat(32) + '\n');
    expect(r).toEqual({ format: 'text', listDate: null, entries: ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', '02' + 'ab'.repeat(32)], rejected: [{ where: 'line 4', text: 'nope' }] });
  });

  test('XML that is not the SDN file is refused', () => {
    expect(() => parseSanctionsFile('<Sanctions><ReferenceValueSets/></Sanctions>')).toThrow(ListFileError);
  });
});
