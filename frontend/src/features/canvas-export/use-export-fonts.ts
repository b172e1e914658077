import { useQuery } from '@tanstack/react-query';
import { loadExportFonts } from './export-fonts';

/**
 * The export font, fetched once per page load (the files never change under a build, so it never goes stale) and
 * only by the export dialog, which is itself loaded on demand.
 */
export function useExportFonts() {
  return useQuery({ queryKey: ['export-fonts'], queryFn: loadExportFonts, staleTime: Number.POSITIVE_INFINITY });
}
