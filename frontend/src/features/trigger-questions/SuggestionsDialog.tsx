import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Category } from '#shared/domain/questions';
import { useSuggestions } from '../../data/journey/journey-api';
import { Dialog } from '../../ui/Dialog';
import { OfflineDraftNote } from '../../ui/OfflineDraftNote';
import { Spinner } from '../../ui/Spinner';

export type TriggerCategory = Category<'trigger'>;

/** The built-in examples load only when a dialog needs them, so they stay out of the page's chunk. */
function loadBuiltInSuggestions(): Promise<Record<TriggerCategory, string[]>> {
  return import('#shared/domain/built-in-suggestions').then((m) => m.BUILT_IN_SUGGESTIONS.trigger);
}

/**
 * Spec §2: the stored AI suggestions for one trigger group, or the built-in examples when none are stored (or they
 * cannot be loaded).
 */
export function SuggestionsDialog({ category, onClose }: { category: TriggerCategory; onClose: () => void }) {
  const stored = useSuggestions('trigger');
  const storedLines = (stored.data?.sections[category] ?? []).map((line) => line.trim()).filter(Boolean);
  const useBuiltIn = !stored.isPending && storedLines.length === 0;
  const builtIn = useQuery({
    queryKey: ['built-in-suggestions', 'trigger'],
    queryFn: loadBuiltInSuggestions,
    enabled: useBuiltIn,
    staleTime: Number.POSITIVE_INFINITY,
  });

  let body: ReactNode;
  if (storedLines.length > 0) {
    body = (
      <>
        {stored.data?.source === 'offline' ? <OfflineDraftNote /> : null}
        <p className="tq-suggestions__intro">Suggested {category.toLowerCase()} for your idea:</p>
        <SuggestionList lines={storedLines} />
      </>
    );
  } else if (useBuiltIn && builtIn.data) {
    body = (
      <>
        <p className="tq-suggestions__intro">Examples to get you thinking. Adapt them to your own customers:</p>
        <SuggestionList lines={builtIn.data[category]} />
      </>
    );
  } else if (useBuiltIn && builtIn.isError) {
    body = <p className="tq-suggestions__intro">Something went wrong. Please try again.</p>;
  } else {
    body = (
      <div className="tq-status" role="status">
        <Spinner size="sm" decorative />
        <span>Loading suggestions...</span>
      </div>
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Our Suggestions for ${category}`}>
      {body}
    </Dialog>
  );
}

function SuggestionList({ lines }: { lines: readonly string[] }) {
  return (
    <ul className="tq-suggestions__list">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
