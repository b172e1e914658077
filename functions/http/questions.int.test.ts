import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Question } from '#shared/domain/questions';
import { adminToken, api, createUser, eventsSettled } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys, stats } from '../store/keys';

// Business-model questions: the journey tests rely on the trigger set staying at its seeded 27.
const validQuestion = () => ({
  id: randomUUID(),
  type: 'business-model',
  category: 'Channels',
  text: '  What does your customer do right before they need you?  ',
  explanation: '   ',
  example: 'They open a spreadsheet.',
});

describe('questions', () => {
  it('serves the seeded bank: 27 trigger questions, 9 per group, in display order', async () => {
    const founder = await createUser();
    const res = await api<{ questions: Question[] }>('GET', '/api/questions/trigger', { token: founder.token });
    expect(res.status).toBe(200);
    const seeded = res.body.questions.filter((q) => q.id.startsWith('seed-'));
    expect(seeded).toHaveLength(27);
    const groups = [...new Set(seeded.map((q) => q.category))];
    expect(groups).toEqual(['Customer Jobs', 'Customer Gains', 'Customer Pains']);
    for (const g of groups) expect(seeded.filter((q) => q.category === g)).toHaveLength(9);
  });

  it('rejects an unknown question type with a 400 naming the allowed ones', async () => {
    const founder = await createUser();
    const res = await api('GET', '/api/questions/marketing', { token: founder.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'BadRequest', details: [{ field: 'type' }] });
    expect(String((res.body as { message: string }).message)).toContain('trigger');
  });

  describe('creating a question (admin route)', () => {
    it('refuses anonymous callers with 401', async () => {
      const res = await api('POST', '/api/admin/questions', { body: validQuestion() });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
    });

    it('refuses a founder (not in the admin group) with 403, paid or not', async () => {
      for (const paid of [true, false]) {
        const founder = await createUser({ paid });
        const res = await api('POST', '/api/admin/questions', { token: founder.token, body: validQuestion() });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ error: 'Forbidden', message: expect.stringContaining('administrator') });
      }
    });

    it('answers a malformed body with 400 and a message per field, and writes nothing', async () => {
      const token = await adminToken();
      const id = randomUUID();
      const res = await api('POST', '/api/admin/questions', {
        token,
        body: { id, type: 'trigger', category: 'Key Partners', text: '   ', videoUrl: 42 },
      });
      expect(res.status).toBe(400);
      const body = res.body as { error: string; message: string; details: { field: string; message: string }[] };
      expect(body.error).toBe('BadRequest');
      const fields = Object.fromEntries(body.details.map((d) => [d.field, d.message]));
      expect(fields.text).toBe('Question text is required.');
      expect(fields.videoUrl).toBe('Video URL must be text.');
      const stored = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.question('trigger', id) }));
      expect(stored.Item).toBeUndefined();
    });

    it('answers a category of another type with 400 naming the valid categories', async () => {
      const res = await api('POST', '/api/admin/questions', {
        token: await adminToken(),
        body: { ...validQuestion(), category: 'Customer Jobs' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        details: [{ field: 'category', message: expect.stringContaining('Key Partners') }],
      });
    });

    it('answers invalid JSON with 400', async () => {
      const res = await api('POST', '/api/admin/questions', {
        token: await adminToken(),
        rawBody: '{"type": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'BadRequest', message: 'The request body is not valid JSON.' });
    });

    it('stores a valid question trimmed, with empty optional texts as null, and is safe to retry', async () => {
      const token = await adminToken();
      const input = validQuestion();
      const first = await api<{ question: Question }>('POST', '/api/admin/questions', { token, body: input });
      expect(first.status).toBe(201);
      expect(first.body.question).toMatchObject({
        id: input.id,
        text: 'What does your customer do right before they need you?',
        explanation: null,
        example: 'They open a spreadsheet.',
        videoUrl: null,
      });
      const retry = await api('POST', '/api/admin/questions', { token, body: input });
      expect(retry.status).toBe(200);

      const list = await api<{ questions: Question[] }>('GET', '/api/questions/business-model', { token });
      expect(list.body.questions.filter((q) => q.id === input.id)).toHaveLength(1);

      // The QuestionSetChanged consumer recounts the type.
      await eventsSettled();
      const counter = await ddb().send(
        new GetCommand({ TableName: tableName(), Key: keys.stat(stats.questionCount('business-model')) }),
      );
      expect(counter.Item?.value).toBe(list.body.questions.length);
    });
  });

  describe('video links', () => {
    const storedVideo = async (id: string) =>
      (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.question('business-model', id) }))).Item
        ?.videoUrl;

    it('refuses script, data, plain-http and foreign links on create with 400 naming the hosts, storing nothing', async () => {
      const token = await adminToken();
      for (const videoUrl of [
        'javascript:alert(document.cookie)',
        'data:text/html,<script>alert(1)</script>',
        'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'https://evil.example/watch?v=dQw4w9WgXcQ',
        'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
      ]) {
        const input = { ...validQuestion(), videoUrl };
        const res = await api('POST', '/api/admin/questions', { token, body: input });
        expect(res.status, videoUrl).toBe(400);
        const body = res.body as { message: string; details: { field: string; message: string }[] };
        expect(body.details).toEqual([{ field: 'videoUrl', message: expect.stringContaining('youtube.com') }]);
        for (const host of ['youtu.be', 'vimeo.com', 'player.vimeo.com', 'loom.com']) {
          expect(body.message).toContain(host);
        }
        expect(await storedVideo(input.id), videoUrl).toBeUndefined();
      }
    });

    it('stores an accepted link, and refuses an update to a bad one leaving the stored link as it was', async () => {
      const token = await adminToken();
      const input = { ...validQuestion(), videoUrl: ' https://youtu.be/dQw4w9WgXcQ ' };
      const created = await api<{ question: Question }>('POST', '/api/admin/questions', { token, body: input });
      expect(created.status).toBe(201);
      expect(created.body.question.videoUrl).toBe('https://youtu.be/dQw4w9WgXcQ');

      const path = `/api/admin/questions/business-model/${input.id}`;
      const edit = { category: input.category, text: input.text };
      for (const videoUrl of ['javascript:alert(1)', 'https://vimeo.example/1', 'https://www.youtube.com/channel/x']) {
        const res = await api('PATCH', path, { token, body: { ...edit, videoUrl } });
        expect(res.status, videoUrl).toBe(400);
        expect(res.body).toMatchObject({ error: 'BadRequest', details: [{ field: 'videoUrl' }] });
      }
      expect(await storedVideo(input.id)).toBe('https://youtu.be/dQw4w9WgXcQ');

      const vimeo = await api<{ question: Question }>('PATCH', path, {
        token,
        body: { ...edit, videoUrl: 'https://vimeo.com/123456789' },
      });
      expect(vimeo.status).toBe(200);
      expect(vimeo.body.question.videoUrl).toBe('https://vimeo.com/123456789');
      expect((await api('DELETE', path, { token })).status).toBe(204);
      await eventsSettled();
    });
  });
});
