// Reporting a group, or one message in it, to the moderators (docs/im-protocol.md, "Groups" →
// "Trust & safety"): the group's owner answers for the group, a message's sender for the message.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReportReason } from '../../../lib/report-reasons';

export interface GroupReport {
  groupId: number;
  reason: ReportReason;
  content?: string;
  /** Someone else's message shown to me; none: the group itself. */
  messageId?: number;
}

/** POST /em/groups/{id}/report; a refusal's `msg` is shown by the request helper. */
export function reportGroup({ groupId, ...body }: GroupReport) {
  return api.post('/em/groups/{id}/report', { path: { id: groupId }, body });
}

export function useReportGroup() {
  return useMutation({ mutationFn: reportGroup });
}
