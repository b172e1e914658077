import { toEmbedUrl } from '#shared/domain/video';
import { Dialog } from './Dialog';
import './video-dialog.css';

export const VIDEO_UNAVAILABLE =
  'This video link cannot be played here. Only YouTube, Vimeo and Loom videos are shown.';

/**
 * 'Video Tutorial': a question's video in the service's own player. Only a link that converts to a YouTube, Vimeo or
 * Loom player URL is framed; anything else (a link stored before the API checked them) gets a sentence, never a frame
 * or a link, since an iframe or anchor would run or open whatever the stored text points at.
 */
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
  const embed = toEmbedUrl(url);
  return (
    <Dialog open={open} onClose={onClose} title="Video Tutorial" size="lg">
      {embed ? (
        <div className="video-frame">
          <iframe
            title={`Video: ${title}`}
            src={embed}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : (
        <p className="video-unavailable">{VIDEO_UNAVAILABLE}</p>
      )}
    </Dialog>
  );
}
