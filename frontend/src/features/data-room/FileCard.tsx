import type { ComponentType } from 'react';
import type { FileView } from '../../data/data-room/data-room-api';
import {
  categoryLabel,
  type FileKind,
  fileKind,
  formatFileSize,
  formatUploadDate,
} from '../../data/data-room/file-format';
import { Badge } from '../../ui/Badge';
import { ActionsMenu } from './ActionsMenu';
import { IconDocument, IconDownload, IconImage, IconSheet, IconSlides, IconTrash } from './icons';

export type FileAction = 'download' | 'delete';

const KIND_ICONS: Record<FileKind, ComponentType<{ className?: string }>> = {
  pdf: IconDocument,
  doc: IconDocument,
  xls: IconSheet,
  ppt: IconSlides,
  image: IconImage,
  other: IconDocument,
};

export interface FileCardProps {
  file: FileView;
  /** The action running on this file, if any: both menu items are disabled meanwhile. */
  busy: FileAction | undefined;
  onDownload: () => Promise<void>;
  onDelete: () => void;
}

/** Spec §2: type icon, name, category badge, size, 'Uploaded on {date}' and a menu with Download and Delete. */
export function FileCard({ file, busy, onDownload, onDelete }: FileCardProps) {
  const kind = fileKind(file.name, file.contentType);
  const Icon = KIND_ICONS[kind];
  const size = formatFileSize(file.size);
  const date = formatUploadDate(file.uploadedAt);
  return (
    <li className="card file-card" aria-busy={busy ? true : undefined}>
      <div className="file-card__head">
        <span className={`file-icon file-icon--${kind}`}>
          <Icon />
        </span>
        <div className="file-card__title">
          <h3 className="file-card__name break-anywhere">{file.name}</h3>
          <Badge variant="accent">{categoryLabel(file.category)}</Badge>
        </div>
        <ActionsMenu
          label={`Actions for ${file.name}`}
          actions={[
            {
              id: 'download',
              label: busy === 'download' ? 'Downloading...' : 'Download',
              icon: <IconDownload />,
              disabled: busy !== undefined,
              keepOpen: true,
              onSelect: onDownload,
            },
            {
              id: 'delete',
              label: busy === 'delete' ? 'Deleting...' : 'Delete',
              icon: <IconTrash />,
              disabled: busy !== undefined,
              destructive: true,
              onSelect: onDelete,
            },
          ]}
        />
      </div>
      <p className="file-card__meta">
        {size ? <span>{size}</span> : null}
        {date ? <span>Uploaded on {date}</span> : null}
      </p>
    </li>
  );
}
