/** Founder profiles (PK USER#<sub>, SK PROFILE). */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';

export interface Profile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  startupName: string;
  idea: string | null;
  paid: boolean;
  createdAt: string;
}

export async function getProfile(sub: string): Promise<Profile | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub) }));
  if (!out.Item) return null;
  const item = out.Item;
  return {
    userId: sub,
    email: String(item.email ?? ''),
    firstName: String(item.firstName ?? ''),
    lastName: String(item.lastName ?? ''),
    startupName: String(item.startupName ?? ''),
    idea: typeof item.idea === 'string' ? item.idea : null,
    paid: item.paid === true,
    createdAt: String(item.createdAt ?? ''),
  };
}
