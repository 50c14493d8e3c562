/**
 * The status a player's history shows for a withdrawal held for review (services/compliance/held.ts writes it):
 * never the rule, nor that a case exists. The withdrawal is not sent while so, and its player may cancel it.
 */
export const UNDER_REVIEW = 'under review';
