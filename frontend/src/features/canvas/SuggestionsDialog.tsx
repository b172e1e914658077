import { useEffect, useState } from 'react';
import type { CanvasType } from '../../data/journey/canvas-data';
import { useSuggestions } from '../../data/journey/journey-api';
import { Dialog } from '../../ui/Dialog';
import { OfflineDraftNote } from '../../ui/OfflineDraftNote';
import { Spinner } from '../../ui/Spinner';
import './canvas.css';

type BuiltIn = Record<string, string[]>;

/** The built-in examples, loaded only when a suggestions dialog first opens (they are not needed before). */
function useBuiltInSuggestions(type: CanvasType, wanted: boolean) {
  const [state, setState] = useState<{ data?: BuiltIn; failed?: boolean }>({});
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import('#shared/domain/built-in-suggestions')
      .then((m) => {
        if (live) setState({ data: m.BUILT_IN_SUGGESTIONS[type] as BuiltIn });
      })
      .catch((err: unknown) => {
        console.error('Could not load the built-in suggestions', err);
        if (live) setState({ failed: true });
      });
    return () => {
      live = false;
    };
  }, [type, wanted]);
  return state;
}

export interface SuggestionsDialogProps {
  type: CanvasType;
  /** The open section, or null when the dialog is closed. */
  section: string | null;
  onClose: () => void;
}

/**
 * 'Our Suggestions for {section}': read-only. Shows the AI suggestions stored for the founder when that section has
 * any, otherwise the built-in examples (spec §9).
 */
export function SuggestionsDialog({ type, section, onClose }: SuggestionsDialogProps) {
  return (
    <Dialog
      open={section !== null}
      onClose={onClose}
      title={`Our Suggestions for ${section ?? ''}`}
      closeLabel={`Close suggestions for ${section ?? ''}`}
    >
      {section !== null ? <SuggestionsContent type={type} section={section} /> : null}
    </Dialog>
  );
}

function SuggestionsContent({ type, section }: { type: CanvasType; section: string }) {
  const stored = useSuggestions(type);
  useEffect(() => {
    if (stored.isError) console.error('Failed to load suggestions', stored.error);
  }, [stored.isError, stored.error]);

  const ai = (stored.data?.sections[section] ?? []).map((s) => s.trim()).filter(Boolean);
  const settled = stored.isSuccess || stored.isError;
  const builtIn = useBuiltInSuggestions(type, settled && ai.length === 0);

  if (!settled || (ai.length === 0 && !builtIn.data && !builtIn.failed)) {
    return (
      <div className="canvas-suggestions__loading" role="status">
        <Spinner size="sm" decorative />
        <span>Loading suggestions...</span>
      </div>
    );
  }
  const list = ai.length > 0 ? ai : (builtIn.data?.[section] ?? []);
  if (list.length === 0) return <p className="canvas-empty">No suggestions available for this section.</p>;
  return (
    <>
      {ai.length > 0 && stored.data?.source === 'offline' ? <OfflineDraftNote /> : null}
      <p className="canvas-suggestions__intro">
        {ai.length > 0
          ? 'Suggestions prepared for your startup. Use them as a starting point for your own answers.'
          : 'Examples to get you started. Adapt them to your startup in your own words.'}
      </p>
      <ul className="canvas-suggestions">
        {list.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that may repeat a line.
          <li key={i} className="canvas-suggestions__item break-anywhere">
            {s}
          </li>
        ))}
      </ul>
    </>
  );
}
