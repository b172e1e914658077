import { useQuery } from '@tanstack/react-query';
import { loadExportFonts, loadedExportFonts } from './export-fonts';

/**
 * The export font, fetched once per page load (the files never change under a build, so it never goes stale) and
 * only by the export dialog, which is itself loaded on demand.
 */
export function useExportFonts() {
  return useQuery({
    queryKey: ['export-fonts'],
    queryFn: loadExportFonts,
    // Loaded with the dialog's code (CanvasExport.tsx): the first render has them, and the dialog opens complete.
    initialData: loadedExportFonts,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
