// Reporting a person to the moderators (POST /system/form/add).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReportInput } from './types';

/** POST /system/form/add: reports a person to the moderators, with up to three screenshots. */
export function reportPerson(input: ReportInput) {
  return api.post('/system/form/add', { body: input });
}

export function useReport() {
  return useMutation({ mutationFn: reportPerson });
}
