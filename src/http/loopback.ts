import { inRanges, parseCidrList } from './cidr';
import { peerIp } from './client-ip';

// The sandbox's controls (the dev mailbox, Simulate payment, a sandbox payout's Complete / Cancel) read every reset
// link and mint credits: outside a public demo they answer only someone at this machine's own keyboard.

const LOOPBACK = parseCidrList('127.0.0.0/8, ::1');

/** Who may use the sandbox's controls (config.ts decides): nobody, clients on this machine, or anyone (a public demo). */
export type SandboxAccess = 'off' | 'loopback' | 'everyone';

export const isLoopbackAddress = (address: string): boolean => inRanges(address.replace(/^\[|\]$/g, ''), LOOPBACK);

// Headers a proxy uses to name the client it forwards for. The configured one is read too, whatever its name.
const FORWARDING = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** The addresses a forwarding header names: `for=` of Forwarded, every entry of a list, ports and brackets dropped. */
function namedAddresses(header: string, value: string): string[] {
  const entries = header === 'forwarded' ? [...value.matchAll(/for=("?)([^;,"]+)\1/gi)].map((m) => m[2]!) : value.split(',');
  return entries.map((e) => e.trim().replace(/^\[([^\]]+)\](:\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1'));
}

/**
 * A client on this machine: the connection's own address is loopback and no proxy on this machine says it forwards
 * for someone else. A header alone never makes a request loopback; one naming another client makes it not.
 */
export function isLoopbackClient(req: Request, trustedHeader?: string): boolean {
  if (!isLoopbackAddress(peerIp(req))) return false;
  for (const header of new Set([...FORWARDING, ...(trustedHeader ? [trustedHeader.toLowerCase()] : [])])) {
    const value = req.headers.get(header);
    if (value !== null && !namedAddresses(header, value).every(isLoopbackAddress)) return false;
  }
  return true;
}

/**
 * The name the browser asked for is this machine's (localhost, a loopback address) or the site's own: a page on
 * another site whose name was pointed at 127.0.0.1 (DNS rebinding) reaches the port, but under its own name.
 */
export function namedForThisMachine(req: Request, publicUrl?: string): boolean {
  let host: string;
  try {
    host = new URL(req.url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host)) return true;
  return publicUrl !== undefined && URL.canParse(publicUrl) && new URL(publicUrl).hostname.toLowerCase() === host;
}

/** May this request use the sandbox's controls? */
export const sandboxAllowed = (access: SandboxAccess, req: Request, trustedHeader?: string, publicUrl?: string): boolean =>
  access === 'everyone' || (access === 'loopback' && isLoopbackClient(req, trustedHeader) && namedForThisMachine(req, publicUrl));

/** The settings that decide the sandbox's controls (config.ts). */
export type SandboxSettings = { sandboxControls: SandboxAccess; TRUSTED_PROXY_HEADER?: string; publicUrl: string };

/** `sandboxAllowed` as this site's settings answer it, for the routes and pages that offer a control. */
export const sandboxGate = (c: SandboxSettings) => (req: Request): boolean => sandboxAllowed(c.sandboxControls, req, c.TRUSTED_PROXY_HEADER, c.publicUrl);
