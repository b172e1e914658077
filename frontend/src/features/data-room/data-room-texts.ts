/** What the data room page says. */
export const DATA_ROOM_TEXTS = {
  title: 'Data Room',
  subtitle: "Store and organize your startup's important documents",
  loadError: 'Error loading files',
  emptyTitle: 'No files found',
  emptySearching: 'Try a different search term',
  emptyNoFiles: 'Upload files to see them here',
  downloadStarted: 'Download started',
  downloadFailed: 'Download failed',
  deleted: 'File deleted',
  deleteFailed: 'Delete failed',
  deleteMetadataFailed: 'Delete failed (metadata)',
} as const;
