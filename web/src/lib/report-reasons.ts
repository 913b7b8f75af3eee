// Why a person is reported, and why staff suspend someone: one list, as the server takes it
// (a report's `reason`, a ban's `code`), read by people's report dialog, staff's ban dialog and
// the suspension notice.
export const REPORT_REASONS = [
  'spam',
  'fake_profile',
  'inappropriate_content',
  'harassment',
  'underage',
  'scam',
  'other',
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];

/** A reason code as one of the list; anything else (a code from a newer server) reads `other`. */
export function reportReason(code: string): ReportReason {
  return (REPORT_REASONS as readonly string[]).includes(code) ? (code as ReportReason) : 'other';
}
