// Photo verification (DESIGN.md section 10): a pose to copy, my standing, and sending a selfie.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];
export type Pose = Schemas['PoseView'];
export type VerificationStatus = Schemas['VerificationStatus'];
export type VerificationState = Schemas['VerificationState'];
export type RejectReason = Schemas['RejectReason'];

export const verificationKeys = {
  all: ['verification'] as const,
  status: () => [...verificationKeys.all, 'status'] as const,
  pose: () => [...verificationKeys.all, 'pose'] as const,
};

export function useVerificationStatus() {
  return useQuery(
    queryOptions({
      queryKey: verificationKeys.status(),
      queryFn: ({ signal }) => api.get('/system/user/verification', { signal }),
    }),
  );
}

/** A pose drawn at random; the same one until the page asks for another. */
export function usePose(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: verificationKeys.pose(),
      queryFn: ({ signal }) => api.get('/system/user/verification/pose', { signal }),
      enabled,
      staleTime: Infinity,
    }),
  );
}

/** POST /system/user/verification: the selfie, a JPEG data URL, copying `pose`. */
export function useSendSelfie() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ pose, selfie }: { pose: string; selfie: string }) =>
      api.post('/system/user/verification', { body: { pose, selfie }, silent: true }),
    onSuccess: (status) => {
      client.setQueryData(verificationKeys.status(), status);
      client.removeQueries({ queryKey: verificationKeys.pose() });
    },
  });
}
