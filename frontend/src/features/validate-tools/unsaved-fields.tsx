import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { plural } from '#shared/plural';
import { Button } from '../../ui/Button';

/** A field with changes not saved yet, and its own save (which shows its own errors at the field). */
interface Unsaved {
  label: string;
  save: () => Promise<void>;
}

/** The fields of one tool page with changes not saved yet, kept outside React so every editor can report cheaply. */
class UnsavedFields {
  private readonly fields = new Map<string, Unsaved>();
  private listeners = new Set<() => void>();
  private list: readonly Unsaved[] = [];

  set(id: string, field: Unsaved | null): void {
    if (field) this.fields.set(id, field);
    else if (!this.fields.delete(id)) return;
    this.list = [...this.fields.values()];
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): readonly Unsaved[] => this.list;
}

const UnsavedContext = createContext<UnsavedFields | null>(null);

export function UnsavedFieldsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new UnsavedFields());
  return <UnsavedContext.Provider value={store}>{children}</UnsavedContext.Provider>;
}

/** An editor says whether it has changes not saved, and how to save them; outside a provider it says nothing. */
export function useReportUnsaved(id: string, dirty: boolean, label: string, save: () => Promise<void>): void {
  const store = useContext(UnsavedContext);
  // The latest save, without re-registering on every render.
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    if (!store) return;
    store.set(id, dirty ? { label, save: () => latest.current() } : null);
    return () => store.set(id, null);
  }, [store, id, dirty, label]);
}

/**
 * One place to save every changed field of the tool at once (a sheet like Market Research has a dozen fields, each
 * with its own Save): shown while two or more fields have changes, it saves them one after another; a field the
 * server refuses keeps its change and says why at the field.
 */
export function SaveAllBar() {
  const store = useContext(UnsavedContext);
  const unsaved = useSyncExternalStore(
    store?.subscribe ?? (() => () => undefined),
    store?.snapshot ?? (() => []),
    () => [],
  );
  const [saving, setSaving] = useState(false);
  if (unsaved.length < 2) return null;
  const saveAll = async () => {
    setSaving(true);
    try {
      for (const field of unsaved) await field.save();
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="vt-save-all" aria-label="Changes not saved">
      <p>
        {plural(unsaved.length, 'field has', 'fields have')} changes not saved: {unsaved.map((f) => f.label).join(', ')}
        .
      </p>
      <Button size="sm" loading={saving} onClick={() => void saveAll()}>
        Save all changes
      </Button>
    </section>
  );
}
