#!/usr/bin/env node
// auto-claim-kit (packages/hospital-client/src/kit/cli.ts): the kit is TypeScript, loaded through tsx.
const [major, minor] = process.versions.node.split('.').map(Number);
// The validator (@medplum/core) needs Node 22.18 or later.
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`auto-claim-kit은 Node 22.18 이상이 필요해요 (지금 ${process.version}).\n`);
  process.exit(64);
}
const { register } = await import('tsx/esm/api');
register();
await import('../src/kit/run.ts');
