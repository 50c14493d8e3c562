import { useEffect, useState } from 'react';
import { milestone, MILESTONES_EN, TIMER_SECONDS, type Milestones } from './deposit-timer';
import { secondsUntil } from './deposit-phase';

/**
 * Seconds left until the invoice's own expiry (the provider's time, not when this page was opened), and the latest
 * milestone for a polite live region. The first render uses the seconds the server rendered, so hydration matches;
 * `running` false stops the clock (a paid or expired deposit has nothing left to count).
 */
export function useDeadline(expiresAtMs: number | null, renderedLeft: number, running: boolean, words: Milestones = MILESTONES_EN): { left: number; said: string } {
  const [left, setLeft] = useState(renderedLeft);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (expiresAtMs === null || !running) return;
    // From the full time, so a milestone already passed at load (under 5 minutes, expired) is said once.
    let last = TIMER_SECONDS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      const s = secondsUntil(expiresAtMs, now);
      setLeft(s);
      const m = milestone(last, s, words);
      if (m) setSaid(m);
      last = s;
      // Wakes on the next whole second of the countdown.
      if (s > 0) timer = setTimeout(tick, ((expiresAtMs - now) % 1000) || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [expiresAtMs, running]);
  return { left, said };
}
