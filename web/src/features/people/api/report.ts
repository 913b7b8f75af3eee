// Reporting a person to the moderators (POST /system/form/add).
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import type { ReportInput } from './types';

/** POST /system/form/add: reports a person to the moderators, with up to three screenshots. */
export function reportPerson(input: ReportInput) {
  return request<null>({ url: '/system/form/add', method: 'POST', data: input });
}

export function useReport() {
  return useMutation({ mutationFn: reportPerson });
}
