/**
 * A stand-in for the browser's WebSocket in island tests: records each socket the page opens and lets the
 * test deliver server pushes ({event, data}) or drop the connection.
 */
export class FakeWebSocket {
  static opened: FakeWebSocket[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code?: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  closed = false;

  constructor(public url: string) {
    FakeWebSocket.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  push(event: string, data: unknown = {}) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }
  drop(code = 1006) {
    this.closed = true;
    this.onclose?.({ code });
  }
  static latest(): FakeWebSocket {
    const s = FakeWebSocket.opened.at(-1);
    if (!s) throw new Error('the page opened no socket');
    return s;
  }
  /**
   * Installs the fake as the page's WebSocket. The list of opened sockets is kept: test files share one process,
   * and the page's realtime client is a module singleton that keeps the socket an earlier file opened.
   */
  static install() {
    (globalThis as { WebSocket: unknown }).WebSocket = FakeWebSocket;
  }
}
