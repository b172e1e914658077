import { useState } from 'react';
import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { useToolEmbeds } from '../../lib/tool-embeds';
import { LoadError, LoadingArea } from '../../ui/LoadState';
import { ToolSheet } from '../../ui/tool-sheet/ToolSheet';
import { ToolLocked } from './ToolLocked';
import { ToolSection } from './ToolSection';
import { SaveAllBar, UnsavedFieldsProvider } from './unsaved-fields';
import { useToolData } from './use-tool-data';

type View = 'edit' | 'sheet';
const VIEWS: { value: View; label: string }[] = [
  { value: 'edit', label: 'Edit' },
  { value: 'sheet', label: 'Sheet' },
];

/**
 * The tool's sections to fill in, or its sheet as a reader sees it. The editors stay mounted (hidden) while the
 * sheet shows, so a draft not saved yet survives a look at the sheet.
 */
export function ToolWorkspace({ tool }: { tool: ToolId }) {
  const state = useToolData(tool);
  const [view, setView] = useState<View>('edit');
  const { SizingPanel } = useToolEmbeds();
  const definition = toolOf(tool);

  if (state.status === 'loading') return <LoadingArea label="Loading the tool" />;
  if (state.status === 'locked') return <ToolLocked message={state.message} />;
  if (state.status === 'error') {
    return (
      <LoadError onRetry={state.retry} retrying={state.retrying} alert>
        Could not load this tool and your answers.
      </LoadError>
    );
  }
  const { data } = state;
  const panel = SizingPanel && definition.layout === 'sizing';

  return (
    <UnsavedFieldsProvider>
      <fieldset className="vt-view">
        <legend className="sr-only">View</legend>
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            className="vt-view__button"
            aria-pressed={view === v.value}
            onClick={() => setView(v.value)}
          >
            {v.label}
          </button>
        ))}
      </fieldset>
      <div hidden={view !== 'sheet'}>
        <ToolSheet tool={definition} answers={data.answerList} guidance={[...data.guidance.values()].flat()} />
      </div>
      <div hidden={view !== 'edit'} className={panel ? 'vt-workspace vt-workspace--panel' : 'vt-workspace'}>
        <div className="vt-workspace__sections">
          <SaveAllBar />
          {definition.sections.map((section) => (
            <ToolSection
              key={section.title}
              tool={tool}
              section={section}
              guidance={data.guidance.get(section.title) ?? []}
              answers={data.answers}
              currency={data.currency}
              numbers={data.numbers}
            />
          ))}
        </div>
        {panel ? (
          <aside className="vt-workspace__panel" aria-label="Market size">
            <SizingPanel answers={data.answerList} />
          </aside>
        ) : null}
      </div>
    </UnsavedFieldsProvider>
  );
}
