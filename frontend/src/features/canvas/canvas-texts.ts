/** The canvas screens' messages (spec §5 and §8), in one place so both pages and their tests say the same. */
export const CANVAS_TEXT = {
  loading: 'Loading questions...',
  loadErrorTitle: 'Error',
  loadError: 'Failed to load questions. Please try again.',
  saved: 'Answer saved successfully!',
  waitingForConnection: 'Not saved yet: this block’s change goes out when you are back online.',
  deleted: 'Answer deleted successfully!',
  allDeleted: 'All answers deleted successfully!',
  saveFailed: 'Failed to save answer. Please try again.',
  deleteFailed: 'Failed to delete answer. Please try again.',
  deleteAllFailed: 'Failed to delete answers. Please try again.',
  errorTitle: 'Error',
  blankNew: 'Please enter an answer before adding.',
  blankEdit: 'Answer cannot be empty.',
  duplicate: 'This answer already exists.',
  noData: 'No data yet',
  noQuestions: 'No questions available for this section.',
  addLabel: 'Add New Answer:',
  example: 'Example:',
  /** Deleted answers stay in the canvas's History (the last 20 states of each question), so no delete is final. */
  restorable: 'You can restore it from History.',
  restorableMany: 'You can restore them from History.',
  boardIntro:
    'Add, edit, reorder and delete your entries right on the canvas, and drag one to another block (or use its Move to…). Each block’s questions guide you; our suggestions give ideas.',
  reviewWait: 'wait for 36 hours to let us review your answers',
} as const;
