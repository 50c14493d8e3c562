// Largest Contentful Paint of a cold first visit in headless Debian chromium, on a slow phone-like link:
// Chrome DevTools Protocol network emulation (400 ms latency, 400 kbit/s each way) and a CPU slowed 4×.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const SLOW = { latencyMs: 400, bytesPerSecond: 50_000, cpuSlowdown: 4 };

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

export async function withBrowser<T>(fn: (b: Browser) => Promise<T>): Promise<T> {
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

/** Milliseconds from navigation start to the last largest-contentful-paint entry, in a fresh context. */
export async function measureLcp(browser: Browser, url: string, viewport = { width: 390, height: 844 }): Promise<number> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW.latencyMs,
      downloadThroughput: SLOW.bytesPerSecond,
      uploadThroughput: SLOW.bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdown });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = -1;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // LCP entries keep coming until the page settles; one more second catches late fonts or images.
    await page.waitForTimeout(1000);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    if (lcp < 0) throw new Error(`no largest-contentful-paint entry for ${url}`);
    return lcp;
  } finally {
    await context.close();
  }
}
