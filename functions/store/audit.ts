/**
 * The audit trail of coaches' reads of founders' files (DOWNLOADAUDIT#<founder> / <at>#<coachSub>#<fileId>): a
 * record of its own, outside the founder's partition, so it outlives the founder's account deletion — who read
 * a founder's files stays answerable — and goes by itself after DOWNLOAD_AUDIT_RETENTION_DAYS (the table's TTL).
 * "Who downloaded this founder's files" is one Query of that partition.
 */

import { tableName } from './client';
import { keys } from './keys';
import { queryFirst } from './query';
import { putItem } from './writes';

/** How long a download record is kept (docs/security.md, "Deleting an account"). */
export const DOWNLOAD_AUDIT_RETENTION_DAYS = 365;

export interface DownloadAudit {
  coachSub: string;
  founderSub: string;
  fileId: string;
  fileName: string;
  at: string;
}

/** Epoch seconds at which the table's TTL removes a record made at `at`. */
export function auditExpiry(at: string): number {
  return Math.ceil(Date.parse(at) / 1000) + DOWNLOAD_AUDIT_RETENTION_DAYS * 24 * 60 * 60;
}

/** Written before the link is handed out: a download that is not recorded does not happen. */
export async function recordDownload(audit: DownloadAudit): Promise<void> {
  await putItem({
    Item: {
      ...keys.downloadAudit(audit.founderSub, audit.at, audit.coachSub, audit.fileId),
      kind: 'download',
      ...audit,
      expiresAt: auditExpiry(audit.at),
    },
  });
}

/** The founder's newest download records first. */
export async function listDownloads(founderSub: string, limit = 50): Promise<DownloadAudit[]> {
  const items = await queryFirst(
    {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.downloadAuditPartition(founderSub) },
      ScanIndexForward: false,
    },
    limit,
  );
  return items.map((i) => ({
    coachSub: String(i.coachSub),
    founderSub: String(i.founderSub),
    fileId: String(i.fileId),
    fileName: String(i.fileName),
    at: String(i.at),
  }));
}
