/**
 * Share links of the data room: what a founder may set on one and the limits that keep a
 * public link safe. The API enforces these and the share dialog builds its fields and messages from them.
 */

export const SHARE_LIMITS = {
  /** Files one link may name (a founder keeps at most 200; a whole category is one choice). */
  maxFiles: 200,
  /** Longest expiry a founder may choose, in days from now. */
  maxExpiryDays: 365,
  passcodeMinLength: 6,
  passcodeMaxLength: 128,
  labelMaxLength: 100,
  /** How long a viewer may download after opening the link (passcode entered once per session). */
  sessionMinutes: 30,
  /** Wrong passcodes per link in `passcodeLinkWindowSeconds`, then every attempt on the link is refused. */
  wrongPasscodesPerLink: 5,
  passcodeLinkWindowSeconds: 15 * 60,
  /** Wrong passcodes per client address (any link) in `passcodeClientWindowSeconds`. */
  wrongPasscodesPerClient: 10,
  passcodeClientWindowSeconds: 60 * 60,
  /** Viewer requests per link and per client address per minute (info, open, download). */
  requestsPerLinkPerMinute: 60,
  requestsPerClientPerMinute: 120,
} as const;

/** Where a link stands: only `active` links show anything. */
export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/**
 * The error codes (410) of a link that existed but opens nothing any more: the share page words each one
 * (frontend/src/features/sharing/SharePageFailure.tsx). `ownerDeleted`: its founder deleted their account.
 */
export const SHARE_GONE_ERRORS = {
  expired: 'ShareLinkExpired',
  revoked: 'ShareLinkRevoked',
  ownerDeleted: 'ShareOwnerDeleted',
} as const;

/** `view`: the link was opened (files listed); `open`: a file shown in the browser; `download`: saved. */
export const SHARE_EVENT_KINDS = ['view', 'open', 'download'] as const;
export type ShareEventKind = (typeof SHARE_EVENT_KINDS)[number];

/** The viewer page's path; it reads the token from the address's fragment. */
export const SHARE_PAGE_PATH = '/share';

/**
 * The viewer page's address for a token, relative to the site: the token goes after `#`, which browsers never
 * send to a server, so no access log, proxy or Referer keeps it (the API takes it in the request body).
 */
export function sharePagePath(token: string): string {
  return `${SHARE_PAGE_PATH}#${token}`;
}
