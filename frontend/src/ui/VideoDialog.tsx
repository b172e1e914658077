import { toEmbedUrl } from '../../../functions/domain/video';
import { Dialog } from './Dialog';
import './video-dialog.css';

/** 'Video Tutorial': a question's video, with watch and short links turned into the embeddable form. */
export function VideoDialog({
  open,
  onClose,
  url,
  title,
}: {
  open: boolean;
  onClose: () => void;
  url: string;
  /** Names the embedded frame for screen readers, e.g. the question. */
  title: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Video Tutorial" size="lg">
      <div className="video-frame">
        <iframe
          title={`Video: ${title}`}
          src={toEmbedUrl(url)}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </Dialog>
  );
}
