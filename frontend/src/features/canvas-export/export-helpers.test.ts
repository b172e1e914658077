import { describe, expect, it } from 'vitest';
import type { OnboardingAnswers, ValidationTestView } from '#shared/api-types';
import { briefSetup, briefTests, exportFileName } from './export-data';
import { textWidth as textWidthIn } from './export-fonts';
import { testFonts } from './test-fonts';
import { bulletBlock as bulletBlockIn, wrapText as wrapTextIn } from './text-wrap';

const fonts = testFonts();
const textWidth = (text: string, weight: 'regular' | 'bold', size: number) => textWidthIn(fonts, text, weight, size);
const wrapText = (text: string, weight: 'regular' | 'bold', size: number, maxWidth: number) =>
  wrapTextIn(fonts, text, weight, size, maxWidth);
const bulletBlock = (...args: Parameters<typeof bulletBlockIn> extends [unknown, ...infer R] ? R : never) =>
  bulletBlockIn(fonts, ...args);

describe('wrapping', () => {
  it('breaks at spaces within the width, and inside a word only when the word alone is wider', () => {
    const lines = wrapText('one two three four five six seven', 'regular', 10, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(60);
    expect(lines.join(' ')).toBe('one two three four five six seven');
    const url = wrapText('https://example.com/a/very/long/path/that/cannot/fit', 'regular', 10, 50);
    for (const line of url) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(50);
    expect(url.join('')).toBe('https://example.com/a/very/long/path/that/cannot/fit');
  });

  it('picks the largest size at which every answer fits, and counts what does not fit at the smallest', () => {
    const box = { x: 0, y: 0, w: 200, h: 100 };
    const style = { empty: 'None', colour: '#000000', mutedColour: '#666666', maxSize: 11, minSize: 5 } as const;
    const few = bulletBlock({ ...style, items: ['a', 'b'] }, box);
    expect(new Set(few.map((t) => t.size))).toEqual(new Set([11]));
    const many = bulletBlock({ ...style, items: Array.from({ length: 12 }, (_, i) => `answer ${i}`) }, box);
    const size = many[0]?.size ?? 0;
    expect(size).toBeLessThan(11);
    expect(size).toBeGreaterThanOrEqual(5);
    for (const t of many) expect(t.y).toBeLessThanOrEqual(100);
    const tooMany = bulletBlock({ ...style, items: Array.from({ length: 100 }, (_, i) => `answer ${i}`) }, box);
    const last = tooMany.at(-1);
    expect(last?.text).toMatch(/^\+ \d+ more answers \(see the app\)$/);
    const shown = tooMany.filter((t) => t.text.startsWith('answer')).length;
    expect(Number(/\d+/.exec(last?.text ?? '')?.[0])).toBe(100 - shown);
    expect(last?.leftOut).toBe(100 - shown);
    // Told where the rest is, it says so instead.
    const told = bulletBlock({ ...style, items: tooMany.map((_, i) => `answer ${i}`), where: 'listed overleaf' }, box);
    expect(told.at(-1)?.text).toMatch(/^\+ \d+ more answers \(listed overleaf\)$/);
    expect(bulletBlock({ ...style, items: [] }, box).map((t) => t.text)).toEqual(['None']);
  });
});

describe('export data', () => {
  it("names files after the startup, the document and the founder's day", () => {
    const day = new Date(2026, 10, 5, 23, 30);
    expect(exportFileName('Crème & Co!', 'Value Proposition Canvas', day, 'png')).toBe(
      'creme-co-value-proposition-canvas-2026-11-05.png',
    );
    expect(exportFileName('', 'founder brief', day, 'pdf')).toBe('founder-brief-2026-11-05.pdf');
  });

  it('lists the tests a founder has run with their outcome, not the ones never started', () => {
    const tests: Pick<ValidationTestView, 'name' | 'status' | 'evaluation'>[] = [
      { name: 'Interviews', status: 'completed', evaluation: { result: 'success', notes: 'Yes' } },
      { name: 'Landing page', status: 'in-progress', evaluation: null },
      { name: 'Pre-sale', status: 'not-started', evaluation: null },
    ];
    expect(briefTests(tests)).toEqual([
      { name: 'Interviews', status: 'Completed', outcome: 'Success', notes: 'Yes' },
      { name: 'Landing page', status: 'In Progress', outcome: 'Not Evaluated', notes: null },
    ]);
  });
});

describe('wrapping a long unbroken answer', () => {
  it('cuts 20,000 characters without spaces into lines within the width, quickly', () => {
    const word = 'x'.repeat(20_000);
    const started = performance.now();
    const lines = wrapText(word, 'regular', 8, 120);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(lines.join('')).toBe(word);
    for (const line of lines) expect(textWidth(line, 'regular', 8)).toBeLessThanOrEqual(120);
  });
});

describe('briefSetup', () => {
  const onboarding = (website: string | null): OnboardingAnswers => ({
    startupName: 'Kitchen Loop',
    businessType: 'saas',
    stage: 'idea',
    industry: 'tech',
    customerType: 'b2b',
    description: 'Kitchens for hire',
    teamSize: 'solo',
    fundingStatus: 'bootstrapped',
    website,
  });

  it('prints a website as an address, and one saved before the check ("kitchenloop") not at all', () => {
    expect(briefSetup(onboarding('kitchenloop.com')).website).toBe('https://kitchenloop.com');
    expect(briefSetup(onboarding('kitchenloop')).website).toBeNull();
    expect(briefSetup(onboarding(null)).website).toBeNull();
    expect(briefSetup(null).website).toBeNull();
  });
});
