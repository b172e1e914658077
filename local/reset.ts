/** `npm run reset`: wipes the local data (users, answers, files, the admin password). */
import { rm } from 'node:fs/promises';
import { LOCAL_DATA_DIR } from './paths';

await rm(LOCAL_DATA_DIR, { recursive: true, force: true });
process.stdout.write(`Removed ${LOCAL_DATA_DIR}. The next npm start begins from scratch.\n`);
