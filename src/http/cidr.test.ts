import { describe, expect, test } from 'bun:test';
import { inRanges, parseAddress, parseCidr, parseCidrList } from './cidr';

const allowed = (address: string, list: string) => inRanges(address, parseCidrList(list));

describe('METRICS_ALLOW ranges', () => {
  test('IPv4: a range holds its own addresses and no others', () => {
    expect(allowed('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(allowed('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(allowed('192.168.1.255', '192.168.1.0/24')).toBe(true);
    expect(allowed('192.168.2.0', '192.168.1.0/24')).toBe(false);
    expect(allowed('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(allowed('127.0.0.2', '127.0.0.1')).toBe(false);
    expect(allowed('203.0.113.9', '0.0.0.0/0')).toBe(true);
  });

  test('host bits past the prefix are dropped: 10.9.9.9/8 is 10.0.0.0/8', () => {
    expect(allowed('10.200.0.1', '10.9.9.9/8')).toBe(true);
  });

  test('IPv6: full, compressed and bracketed forms, zone ids', () => {
    expect(allowed('::1', '::1')).toBe(true);
    expect(allowed('0:0:0:0:0:0:0:1', '::1/128')).toBe(true);
    expect(allowed('::2', '::1/128')).toBe(false);
    expect(allowed('fd00::abcd', 'fd00::/8')).toBe(true);
    expect(allowed('fe80::1', 'fd00::/8')).toBe(false);
    expect(allowed('[2001:db8::5]', '2001:db8::/32')).toBe(true);
    expect(allowed('2001:db9::5', '2001:db8::/32')).toBe(false);
    expect(allowed('fe80::1%eth0', 'fe80::/10')).toBe(true);
  });

  test('an IPv4 client seen on a dual-stack socket (::ffff:a.b.c.d) matches IPv4 ranges, and only its own', () => {
    expect(allowed('::ffff:127.0.0.1', '127.0.0.0/8')).toBe(true);
    expect(allowed('::ffff:7f00:1', '127.0.0.0/8')).toBe(true);
    expect(allowed('::ffff:10.0.0.1', '127.0.0.0/8')).toBe(false);
    // ::1 is IPv6 loopback, not 0.0.0.1: an IPv4 range never holds a plain IPv6 address.
    expect(allowed('::1', '0.0.0.0/0')).toBe(false);
  });

  test('the default list allows loopback of both families and nothing else', () => {
    const d = '127.0.0.0/8, ::1';
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1']) expect(allowed(a, d)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.0.1', '::2', 'fe80::1', 'unknown', '', '1.2.3.4']) expect(allowed(a, d)).toBe(false);
  });

  test('anything that is not an address or range is refused, naming the entry', () => {
    for (const bad of ['1.2.3', '1.2.3.4.5', '256.0.0.1', '01.2.3.4', '1.2.3.4/33', '1.2.3.4/-1', '1.2.3.4/', '1.2.3.4/8/8', '::1/129', 'fe80:::1', '1::2::3',
      '12345::', 'g::1', '1:2:3:4:5:6:7:8:9', 'localhost', '/8', '1.2.3.4/08'])
      expect(parseCidr(bad)).toBeNull();
    expect(() => parseCidrList('127.0.0.1, nonsense')).toThrow('"nonsense"');
    expect(parseCidrList(' , 10.0.0.0/8 ,')).toHaveLength(1);
  });

  test('addresses parse to the same number however they are written', () => {
    expect(parseAddress('::ffff:1.2.3.4')).toBe(parseAddress('1.2.3.4'));
    expect(parseAddress('2001:DB8::1')).toBe(parseAddress('2001:0db8:0000:0000:0000:0000:0000:0001'));
    expect(parseAddress('1:2:3:4:5:6:7::')).toBe(parseAddress('1:2:3:4:5:6:7:0'));
    expect(parseAddress('::')).toBe(0n);
  });
});
