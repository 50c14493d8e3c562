import type { TCPSocketListener } from 'bun';

export type RedisDouble = { url: string; port: number; commands: string[][]; stop(): void };

/** Reads RESP arrays of bulk strings (what clients send) from a buffer; returns the commands and what is left. */
function parse(buffer: string): { commands: string[][]; rest: string } {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    const m = /^\*(\d+)\r\n/.exec(buffer.slice(at));
    if (!m) break;
    let p = at + m[0].length;
    const args: string[] = [];
    for (let i = 0; i < Number(m[1]); i++) {
      const len = /^\$(\d+)\r\n/.exec(buffer.slice(p));
      if (!len || buffer.length < p + len[0].length + Number(len[1]) + 2) return { commands, rest: buffer.slice(at) };
      p += len[0].length;
      args.push(buffer.slice(p, p + Number(len[1])));
      p += Number(len[1]) + 2;
    }
    commands.push(args);
    at = p;
  }
  return { commands, rest: buffer.slice(at) };
}

/**
 * A small Redis stand-in on 127.0.0.1 speaking RESP3 for what a health check needs: HELLO (with AUTH), AUTH and
 * PING, and requirepass-like refusal. The realtime and limits code is tested against a real redis-server.
 */
export function startRedisDouble(opts: { password?: string } = {}): RedisDouble {
  const commands: string[][] = [];
  const state = new WeakMap<object, { buffer: string; authed: boolean }>();
  const listener: TCPSocketListener<undefined> = Bun.listen({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      open(s) {
        state.set(s, { buffer: '', authed: !opts.password });
      },
      data(s, data) {
        const st = state.get(s)!;
        const parsed = parse(st.buffer + data.toString());
        st.buffer = parsed.rest;
        for (const c of parsed.commands) {
          commands.push(c);
          const name = c[0]!.toUpperCase();
          const given = name === 'AUTH' ? c.at(-1) : name === 'HELLO' && c[2]?.toUpperCase() === 'AUTH' ? c[4] : undefined;
          if (given !== undefined) {
            if (given !== opts.password) {
              s.write('-WRONGPASS invalid username-password pair or user is disabled.\r\n');
              continue;
            }
            st.authed = true;
          }
          if (!st.authed && name !== 'HELLO') s.write('-NOAUTH Authentication required.\r\n');
          else if (!st.authed) s.write('-NOAUTH HELLO must be called with the client already authenticated\r\n');
          else if (name === 'HELLO') s.write('%3\r\n+server\r\n+redis\r\n+version\r\n+7.2.0\r\n+proto\r\n:3\r\n');
          else if (name === 'AUTH') s.write('+OK\r\n');
          else if (name === 'PING') s.write('+PONG\r\n');
          else s.write(`-ERR unknown command '${name}'\r\n`);
        }
      },
    },
  });
  return { url: `redis://127.0.0.1:${listener.port}`, port: listener.port, commands, stop: () => listener.stop(true) };
}
