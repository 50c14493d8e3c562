/**
 * The watch's rules (docs/decisions/compliance-watch.md): a case opens per player and rule. A rule that holds keeps
 * the player's withdrawals from the payment provider while its case is open; the others only open the case.
 * Severity: 1 low, 2 medium, 3 high, 4 critical.
 */
export const RULES = {
  in_out_without_play: { title: 'In and out without play', severity: 3, holds: true },
  fan_in_out: { title: 'Fan-in / fan-out', severity: 2, holds: false },
  structuring: { title: 'Structuring', severity: 3, holds: false },
  large_first_deposit: { title: 'Large first deposit', severity: 2, holds: false },
  shared_accounts: { title: 'Shared accounts', severity: 2, holds: false },
  shared_destination: { title: 'Shared destination', severity: 3, holds: true },
  sanctioned_destination: { title: 'Sanctioned destination', severity: 4, holds: true },
} as const;

export type RuleId = keyof typeof RULES;
export const RULE_IDS = Object.keys(RULES) as RuleId[];
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const severityName = (n: number) => SEVERITIES[n - 1] ?? 'low';

export const CASE_STATUSES = ['open', 'cleared', 'escalated'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The rules' severity and hold as SQL over a hit's `rule` column (cases are opened from hits in SQL). */
export const ruleSql = (column: string, field: 'severity' | 'holds') =>
  `CASE ${column} ${RULE_IDS.map((r) => `WHEN '${r}' THEN ${field === 'severity' ? RULES[r].severity : RULES[r].holds ? 1 : 0}`).join(' ')} ELSE 1 END`;
