/**
 * The share links' calls: the founder's (react-query hooks, inside the signed-in shell) and the viewer's
 * (plain calls: the viewer page is public and loads neither the query cache nor the sign-in code).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, ResponseBody } from '#shared/contract';
import { useAccountQuery, useAccountSub } from '../../lib/account-query';
import { apiFetch } from '../../lib/api';

export type ShareLink = ResponseBody<'sharing.list'>['links'][number];
export type ShareEvent = ResponseBody<'sharing.linkViews'>['events'][number];
export type CreateShareRequest = RequestBody<'sharing.create'>;
export type CreatedShare = ResponseBody<'sharing.create'>;
export type ViewerInfo = ResponseBody<'sharing.viewerInfo'>;
export type OpenedShare = ResponseBody<'sharing.viewerOpen'>;
export type SharedFile = OpenedShare['files'][number];
export type LinkReading = ResponseBody<'sharing.linkReading'>;
export type ReadingBeacon = RequestBody<'sharing.viewerReading'>;

export const sharingKeys = {
  all: (sub: string) => ['sharing', sub] as const,
  links: (sub: string) => ['sharing', sub, 'links'] as const,
  linkViews: (sub: string, linkId: string) => ['sharing', sub, 'link', linkId] as const,
  linkReading: (sub: string, linkId: string) => ['sharing', sub, 'link', linkId, 'reading'] as const,
  linkAddress: (sub: string, linkId: string) => ['sharing', sub, 'address', linkId] as const,
  recent: (sub: string, fileId: string | null) => ['sharing', sub, 'recent', fileId ?? 'all'] as const,
};

export function useShareLinks() {
  return useAccountQuery({ key: sharingKeys.links, fetch: (signal) => apiFetch('sharing.list', { signal }) });
}

/** One link's log, newest first (the first 50). */
export function useLinkViews(linkId: string) {
  return useAccountQuery({
    key: (sub) => sharingKeys.linkViews(sub, linkId),
    fetch: (signal) => apiFetch('sharing.linkViews', { params: { linkId }, signal }),
  });
}

/** A live link's address again, for its owner to copy (the server derives it: nothing is stored in clear). */
export function useLinkAddress(linkId: string) {
  return useAccountQuery({
    key: (sub) => sharingKeys.linkAddress(sub, linkId),
    fetch: (signal) => apiFetch('sharing.linkAddress', { params: { linkId }, signal }),
    // The address of a link never changes; a refused one (409) is not asked again either.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The founder's latest views and downloads across links, or one file's (the first 50). */
export function useRecentViews(fileId: string | null) {
  return useAccountQuery({
    key: (sub) => sharingKeys.recent(sub, fileId),
    fetch: (signal) => apiFetch('sharing.recentViews', { query: fileId ? { fileId } : {}, signal }),
  });
}

/** One link's reading per file: pages reached, time per page, the latest viewers. */
export function useLinkReading(linkId: string) {
  return useAccountQuery({
    key: (sub) => sharingKeys.linkReading(sub, linkId),
    fetch: (signal) => apiFetch('sharing.linkReading', { params: { linkId }, signal }),
  });
}

/** Turns a link's downloads on or off (its viewers may then only view the files in the page). */
export function useSetAllowDownload() {
  const sub = useAccountSub();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, allowDownload }: { linkId: string; allowDownload: boolean }) =>
      apiFetch('sharing.update', { params: { linkId }, body: { allowDownload } }),
    // The answer is the link as it now is: the list shows it at once, without a refetch in between.
    onSuccess: ({ link }) =>
      client.setQueryData<{ links: ShareLink[] }>(sharingKeys.links(sub), (old) =>
        old ? { links: old.links.map((l) => (l.id === link.id ? link : l)) } : old,
      ),
  });
}

export function useCreateShare() {
  const sub = useAccountSub();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareRequest) => apiFetch('sharing.create', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: sharingKeys.links(sub) }),
  });
}

export function useRevokeShare() {
  const sub = useAccountSub();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => apiFetch('sharing.revoke', { params: { linkId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: sharingKeys.all(sub) }),
  });
}

/** The full address a viewer opens, for the founder to copy. */
export function shareUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

export const viewerApi = {
  info: (token: string) => apiFetch('sharing.viewerInfo', { body: { token } }),
  open: (token: string, passcode?: string, email?: string) =>
    apiFetch('sharing.viewerOpen', {
      body: { token, ...(passcode ? { passcode } : {}), ...(email ? { email } : {}) },
    }),
  download: (session: string, fileId: string, disposition: 'attachment' | 'inline') =>
    apiFetch('sharing.viewerDownload', { body: { session, fileId, disposition } }),
  /** `keepalive`: the last batch is sent as the page is left and must outlive it. */
  reading: (beacon: ReadingBeacon, keepalive = false) => apiFetch('sharing.viewerReading', { body: beacon, keepalive }),
};
