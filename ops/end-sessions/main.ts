/**
 * `npm run account:end-sessions -- --user <username> [--reset-mfa] [--disable] [--remove-coach]`, with the
 * stage's TABLE_NAME and USER_POOL_ID (the stack outputs TableName and UserPoolId) and AWS credentials in
 * the environment. What it does: ops/end-sessions/end-sessions.ts.
 */
import { parseArgs } from 'node:util';
import { endSessions } from './end-sessions';

const { values } = parseArgs({
  options: {
    user: { type: 'string' },
    'reset-mfa': { type: 'boolean', default: false },
    disable: { type: 'boolean', default: false },
    'remove-coach': { type: 'boolean', default: false },
  },
});

if (!values.user) {
  process.stderr.write(
    'Usage: npm run account:end-sessions -- --user <username> [--reset-mfa] [--disable] [--remove-coach]\n' +
      'Needs TABLE_NAME and USER_POOL_ID (the stack outputs TableName and UserPoolId) and AWS credentials.\n',
  );
  process.exit(2);
}

const result = await endSessions({
  username: values.user,
  resetMfa: values['reset-mfa'],
  disable: values.disable,
  removeCoach: values['remove-coach'],
});
process.stdout.write(
  `Ended every session of ${values.user} (sub ${result.sub}) begun at or before ${new Date(result.endedAt * 1000).toISOString()}` +
    `${result.founder ? ' — founder profile marked' : ''}${result.coach ? ' — coach record marked' : ''}; refresh tokens revoked.\n`,
);
