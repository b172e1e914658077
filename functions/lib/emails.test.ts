/**
 * The progress emails state the question bank's real numbers (coaches change it) and point to the page an unlock
 * really opens: both are read from their source here, so a hard-coded count or a stale link fails.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_GATES, REVIEWED_PHASES, UNLOCK_FLAG } from '#shared/domain/phases';
import {
  accountDeletedEmail,
  ideaSavedEmail,
  phaseCompletedEmail,
  phaseUnlockedEmail,
  shareViewedEmail,
  signupCodeEmail,
} from './emails';

const SITE = 'https://preseed.example';
/** The founder page path of each gated page (the validation phase's first page is /validation-tests). */
const PAGE_PATH: Record<keyof typeof PAGE_GATES, string> = {
  'trigger-questions': '/trigger-questions',
  'value-proposition': '/value-proposition',
  'business-model': '/business-model',
  validation: '/validation-tests',
};

describe('the sign-up code email', () => {
  it('states how long the code lasts, in the right number', () => {
    expect(signupCodeEmail('123456', 5).text).toContain('It expires in 5 minutes.');
    expect(signupCodeEmail('123456', 1).text).toContain('It expires in 1 minute.');
    expect(signupCodeEmail('123456', 1).html).toContain('It expires in 1 minute.');
  });
});

describe('progress emails', () => {
  it.each([
    [27, 3, 'Next come 27 trigger questions in 3 stages'],
    [12, 3, 'Next come 12 trigger questions in 3 stages'],
    [1, 1, 'Next come 1 trigger question in 1 stage'],
  ])('the idea email states the bank it is given: %i questions in %i stages', (questions, stages, sentence) => {
    const mail = ideaSavedEmail('Ada', questions, stages, SITE);
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
  });

  it.each([
    ['trigger', 'answered all', 'trigger question'],
    ['value-proposition', 'worked through all', 'structured Value Proposition question'],
  ] as const)('the %s completion email states the real question count', (phase, verb, noun) => {
    for (const count of [5, 14, 27, 31]) {
      const mail = phaseCompletedEmail(phase, 'Ada', count, SITE);
      expect(mail.text).toContain(`${verb} ${count} ${noun}s`);
      expect(mail.html).toContain(`${verb} ${count} ${noun}s`);
      // No other count sneaks in next to the real one.
      for (const other of [5, 14, 27, 31].filter((n) => n !== count)) expect(mail.text).not.toContain(`${other} `);
    }
    expect(phaseCompletedEmail(phase, 'Ada', 1, SITE).text).toContain(`${verb} 1 ${noun}.`);
  });

  it('the value-proposition completion email keeps the spec subject and promises the Business Model Canvas', () => {
    const mail = phaseCompletedEmail('value-proposition', '', 9, SITE);
    expect(mail.subject).toBe("Impressive Progress – You're Almost Ready for the Full Business Model");
    expect(mail.text).toMatch(/^Hi there,/);
    expect(mail.text).toContain('will unlock the Business Model Canvas');
  });

  it.each(REVIEWED_PHASES)('the %s unlock email links every page that unlock opens, and no later one', (phase) => {
    const mail = phaseUnlockedEmail(phase, 'Ada', SITE);
    const pages = Object.entries(PAGE_GATES) as [keyof typeof PAGE_GATES, string][];
    const opened = pages.filter(([, gate]) => gate === UNLOCK_FLAG[phase]).map(([page]) => page);
    expect(opened.length).toBeGreaterThan(0);
    for (const page of opened) expect(mail.text).toContain(`${SITE}${PAGE_PATH[page]}`);
    for (const [page] of pages.filter(([, gate]) => gate !== UNLOCK_FLAG[phase])) {
      expect(mail.text).not.toContain(`${SITE}${PAGE_PATH[page]}`);
    }
  });

  it('the business-model unlock email says validation is open now, not coming later', () => {
    const mail = phaseUnlockedEmail('business-model', 'Ada', SITE);
    expect(mail.subject).toMatch(/Validation Tests Are Open/);
    expect(mail.text).toMatch(/Validation Phase is now open/);
    expect(mail.text).not.toMatch(/coming (next|soon)|let you know/i);
  });
});

describe('the business-model completion email', () => {
  it('points to the data room and greets by the trimmed first name', () => {
    const mail = phaseCompletedEmail('business-model', ' Ada ', 20, SITE);
    expect(mail.subject).toBe("Your Business Model is Complete – Let's Get You Investor-Ready");
    expect(mail.text).toMatch(/^Hi Ada,\n\nCongratulations/);
    expect(mail.text).toContain(`${SITE}/data-room`);
    expect(mail.html).toContain(`${SITE}/data-room`);
  });
});

describe('the share-viewed email', () => {
  it('quotes the viewer’s address as typed, escaped, or says someone when there is none', () => {
    const named = shareViewedEmail('Ada', 'Investors <A>', 'vc@example.com', SITE);
    expect(named.subject).toBe('Someone viewed your shared files: Investors <A>');
    expect(named.text).toContain('vc@example.com just opened your share link "Investors <A>".');
    expect(named.text).toContain(`${SITE}/data-room/sharing`);
    expect(named.html).toContain('Investors &lt;A&gt;');
    expect(named.html).not.toContain('<A>');
    const anonymous = shareViewedEmail('Ada', 'Investors', null, SITE);
    expect(anonymous.text).toContain('Someone just opened your share link "Investors".');
  });
});

describe('the goodbye email', () => {
  it('says what is gone and, truthfully, what is kept and for how long', () => {
    const mail = accountDeletedEmail('Ada', 'https://preseed.example', 365);
    expect(mail.subject).toBe('Your Preseed account has been deleted');
    expect(mail.text).toContain('data-room files (every stored copy), share links and your sign-in are gone');
    expect(mail.text).toContain('the record of which coach downloaded which of your files and when');
    expect(mail.text).toContain('It is deleted 365 days after each download.');
    expect(mail.html).toContain('365 days');
    expect(mail.text).toContain('https://preseed.example/signup');
  });
});
