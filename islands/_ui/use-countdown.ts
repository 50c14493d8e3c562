import { useEffect, useState } from 'react';
import { browserStorage, milestone, secondsLeft, TIMER_SECONDS, timerStart } from './deposit-timer';

/**
 * The Lightning countdown for the deposit named by `key` (null: no countdown). Seconds left, and the latest
 * milestone message for a polite live region. The first render says 1800 like the server did, so hydration
 * matches; the stored start is read right after.
 */
export function useCountdown(key: string | null): { left: number; said: string } {
  const [left, setLeft] = useState(TIMER_SECONDS);
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (key === null) return;
    const start = timerStart(browserStorage(), key, Date.now());
    // Starts from the full time so a milestone already passed at load (expired, under 5 minutes) is said once.
    let last = TIMER_SECONDS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setSaid('');
    const tick = () => {
      const now = Date.now();
      const s = secondsLeft(start, now);
      setLeft(s);
      const m = milestone(last, s);
      if (m) setSaid(m);
      last = s;
      // Wakes on the next whole second of the countdown, so a reload mid-second shows no lag or skipped second.
      if (s > 0) timer = setTimeout(tick, 1000 - ((now - start) % 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, [key]);

  return { left, said };
}
