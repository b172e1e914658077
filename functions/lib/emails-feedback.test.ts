import { describe, expect, it } from 'vitest';
import { coachFeedbackEmail } from './emails';

describe('coach feedback email', () => {
  it('quotes the change request, counts the comments and links the phase page, escaping the coach text', () => {
    const mail = coachFeedbackEmail({
      phaseLabel: 'Trigger Questions',
      firstName: 'Grace',
      comments: 2,
      commentedQuestions: [5, 2],
      changeMessage: 'Sharpen <b>jobs</b> 1 & 2.',
      pageUrl: 'https://app.example/trigger-questions',
    });
    expect(mail.subject).toBe('Your coach left feedback on your Trigger Questions');
    expect(mail.text).toContain('Hi Grace,');
    expect(mail.text).toContain('asked for a few changes with 2 comments on your answers (questions 2 and 5):');
    expect(mail.text).toContain('“Sharpen <b>jobs</b> 1 & 2.”');
    expect(mail.text).toContain('https://app.example/trigger-questions');
    expect(mail.html).toContain('Sharpen &lt;b&gt;jobs&lt;/b&gt; 1 &amp; 2.');
    expect(mail.html).not.toContain('<b>jobs</b>');
  });

  it('says a single comment in the singular and invites replies when nothing is asked', () => {
    const mail = coachFeedbackEmail({
      phaseLabel: 'Business Model',
      firstName: '',
      comments: 1,
      changeMessage: null,
      pageUrl: 'https://app.example/business-model',
    });
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).toContain('Your coach left feedback on your Business Model with 1 comment on your answers.');
    expect(mail.text).toContain('You can reply to each comment under your answers.');
  });

  it('mentions no comments when there are none, and quotes no change request when none was made', () => {
    const mail = coachFeedbackEmail({
      phaseLabel: 'Value Proposition',
      firstName: '  Ada  ',
      comments: 0,
      changeMessage: null,
      pageUrl: 'https://app.example/value-proposition',
    });
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('Your coach left feedback on your Value Proposition.');
    expect(mail.text).not.toMatch(/comment(s)? on your answers/);
    expect(mail.text).not.toContain('“');
    expect(mail.text.split('\n\n')).toHaveLength(5);
  });
});
