'use strict';
// Our emulator wrappers get a pipe as stdin (spawnChild's exitWithParent); it closes when the
// parent process dies, even by SIGKILL, so the emulator does not linger holding its port.
module.exports = function exitWithParent() {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('error', () => process.exit(0));
  process.stdin.resume();
};
