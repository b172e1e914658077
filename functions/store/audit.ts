/**
 * The audit trail of coaches' reads of founders' files (USER#<founder> / AUDIT#<at>#<coachSub>#<fileId>): kept in
 * the founder's partition, so "who downloaded this founder's files" is one Query of their items.
 */

import { keys } from './keys';
import { prefixQuery, queryFirst } from './query';
import { putItem } from './writes';

export interface DownloadAudit {
  coachSub: string;
  founderSub: string;
  fileId: string;
  fileName: string;
  at: string;
}

/** Written before the link is handed out: a download that is not recorded does not happen. */
export async function recordDownload(audit: DownloadAudit): Promise<void> {
  await putItem({
    Item: {
      ...keys.downloadAudit(audit.founderSub, audit.at, audit.coachSub, audit.fileId),
      kind: 'download',
      ...audit,
    },
  });
}

/** The founder's newest download records first. */
export async function listDownloads(founderSub: string, limit = 50): Promise<DownloadAudit[]> {
  const items = await queryFirst(
    { ...prefixQuery(keys.profile(founderSub).PK, keys.auditPrefix), ScanIndexForward: false },
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
