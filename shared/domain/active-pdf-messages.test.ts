/** The data room's words for a PDF it does not keep: what it holds, or why it could not be read. */
import { describe, expect, it } from 'vitest';
import { activePdfMessage, unreadablePdfMessage } from './data-room';

describe('activePdfMessage', () => {
  it('names each kind found, in a list a person reads', () => {
    const tail =
      ', which a PDF reader would act on by itself, so the data room does not keep it. Save or print it as a new PDF without these, then upload that.';
    expect(activePdfMessage(['JavaScript'])).toBe(`This PDF contains JavaScript${tail}`);
    expect(activePdfMessage(['Launch', 'SubmitForm'])).toBe(
      `This PDF contains an action that starts a program and a form that sends what is typed into it${tail}`,
    );
    expect(activePdfMessage(['EmbeddedFile', 'JavaScript', 'Launch'])).toBe(
      `This PDF contains other files embedded in it, JavaScript and an action that starts a program${tail}`,
    );
  });
});

describe('unreadablePdfMessage', () => {
  it('says why and what to do', () => {
    expect(unreadablePdfMessage('encrypted')).toBe(
      'This PDF is password-protected or encrypted, so the data room cannot check what it contains and did not keep it. Save a copy without the password, then upload that.',
    );
    expect(unreadablePdfMessage('malformed')).toBe(
      'This PDF could not be read: it may be damaged or cut short. It was not kept; open it in a PDF reader, save or print it as a new PDF, then upload that.',
    );
    expect(unreadablePdfMessage('too-complex')).toBe(
      'This PDF is made of more parts than the data room can check (over 20,000 objects). It was not kept; save or print it as a new PDF, then upload that.',
    );
    expect(unreadablePdfMessage('no-pages')).toBe(
      'This PDF has no pages. It was not kept; upload the document with its pages.',
    );
  });
});
