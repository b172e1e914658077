/**
 * The deletion guard (account-guard.ts, decision 017): a write that passed its access check before the founder's
 * account was deleted reaches DynamoDB after the sweep — each repository that writes the founder's items is called
 * here, as such a late write would be, on an account that deleteFounderData has just emptied. None may write.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, createUser, setPhases } from '../../test/helpers';
import { deleteFounderData } from './account-deletion';
import { AccountClosedError } from './account-guard';
import { saveAnswers } from './answers';
import { saveCheckoutAttempt } from './checkouts';
import { ddb, tableName } from './client';
import { saveConnection } from './connections';
import { refreshDirectoryEntry } from './directory';
import { saveSummary } from './feedback';
import { putFile } from './files';
import { keys } from './keys';
import { setUnlockFlag } from './phases';
import { recomputeFounder } from './recompute';
import { createShareLink } from './share-links';
import { putSuggestions } from './suggestions';
import { changeTestRun, createCustomTest, setTestRemoved } from './test-runs';
import { unlockPhase } from './unlock';

async function partition(sub: string) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.profile(sub).PK },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

describe('writes for an account deleted while they were in flight', () => {
  it('are refused by every repository that writes a founder’s items, and leave the partition empty', async () => {
    const founder = await createUser();
    await setPhases(founder.sub, { generate_idea_status: true });
    const { body } = await api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', {
      token: founder.token,
    });
    const questionId = body.questions[0]?.id ?? '';
    const now = new Date().toISOString();
    const sub = founder.sub;
    await deleteFounderData(sub, now);
    expect(await partition(sub)).toEqual([]);

    const closed = expect.any(AccountClosedError);
    await expect(saveAnswers(sub, 'trigger', questionId, ['Late'])).rejects.toEqual(closed);
    expect(await refreshDirectoryEntry(sub, now)).toBe(false);
    expect(await putSuggestions(sub, 'trigger', { sections: {}, source: 'offline', createdAt: now })).toBe(false);
    await expect(saveCheckoutAttempt(sub, { attempt: 1, sessionId: 'cs_1', url: 'https://x' }, now)).rejects.toEqual(
      closed,
    );
    await expect(saveConnection(sub, 'late-connection', new Date())).rejects.toEqual(closed);
    await expect(
      createShareLink({
        ownerSub: sub,
        linkId: 'late-link',
        label: 'Late',
        scope: { kind: 'category', category: 'other' },
        expiresAt: null,
        passcodeHash: null,
        requireEmail: false,
        showStartupName: false,
        allowDownload: true,
        createdAt: now,
        revokedAt: null,
        tokenKey: '1',
        tokenHash: `late-token-${sub}`,
        views: 0,
        downloads: 0,
        lastViewedAt: null,
      }),
    ).rejects.toEqual(closed);
    await expect(
      putFile(sub, {
        id: '1700000000000-latefile00',
        key: `${sub}/1700000000000_late.pdf`,
        name: 'late.pdf',
        category: 'other',
        size: 10,
        contentType: 'application/pdf',
        uploadedAt: now,
        pageCount: 1,
      }),
    ).rejects.toEqual(closed);
    await expect(setUnlockFlag(sub, 'trigger', now)).rejects.toEqual(closed);
    await expect(unlockPhase(sub, 'trigger', now)).rejects.toEqual(closed);
    await expect(saveSummary(sub, 'trigger', 'coach-sub', 'Late summary', now)).rejects.toEqual(closed);
    expect(await recomputeFounder(sub, 'trigger', new Set(), now)).toEqual({ changed: false, completedNow: false });
    await expect(
      changeTestRun(sub, 'customer-interviews', () => ({ started: true, stepCount: 3 }), now),
    ).rejects.toEqual(closed);
    await expect(setTestRemoved(sub, 'customer-interviews', true, now, false)).rejects.toEqual(closed);
    await expect(
      createCustomTest(
        sub,
        'custom-late',
        { name: 'Late', hypothesis: 'h', method: 'm', metric: 'x', successCriterion: 's', steps: ['one'] },
        now,
      ),
    ).rejects.toEqual(closed);

    expect(await partition(sub)).toEqual([]);
  });
});
