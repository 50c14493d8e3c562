import { useEffect, useState } from 'react';
import { watchCounts, type OpenCounts } from './_client/console-counts';

export type ConsoleNavProps = { current: string; counts: OpenCounts | null };

export const CONSOLE_LINKS: [string, string][] = [
  ['/admin', 'Overview'], ['/admin/players', 'Players'], ['/admin/withdrawals', 'Withdrawals'], ['/admin/cases', 'Cases'], ['/admin/identity', 'Identity'], ['/admin/game-tasks', 'Game tasks'],
  ['/admin/deposits', 'Deposits'], ['/admin/codes', 'Codes'], ['/admin/games', 'Games'], ['/admin/audit', 'Audit'],
];

/**
 * The operator console's menu. The server renders it with the counts it read for the page; in the browser the
 * withdrawals awaiting approval and open game tasks then stay live, so an operator on any screen sees new work arrive.
 */
export default function ConsoleNav({ current, counts: first }: ConsoleNavProps) {
  const [counts, setCounts] = useState(first);
  useEffect(() => watchCounts(setCounts), []);
  // Withdrawals count what waits for a decision: an approved payout is BTCPay's to send, and no longer the operator's.
  const badge = (href: string) => (href === '/admin/withdrawals' ? counts?.withdrawalsAwaitingApproval : href === '/admin/game-tasks' ? counts?.openGameTasks
    : href === '/admin/identity' ? counts?.openIdentity : href === '/admin/cases' ? counts?.openCases : undefined);
  const what = (href: string) => (href === '/admin/withdrawals' ? 'awaiting approval' : 'open');
  return (
    <ul className="nav-links console-links">
      {CONSOLE_LINKS.map(([href, label]) => (
        <li key={href}>
          <a href={href} aria-current={current === href ? 'page' : undefined}>
            {label}
            {/* aria-label on a plain span is not read by every screen reader: the words are text, the figure hidden. */}
            {!!badge(href) && (
              <span className="admin-count">
                <span aria-hidden="true">{badge(href)}</span>
                <span className="sr-only"> {badge(href)} {what(href)}</span>
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
