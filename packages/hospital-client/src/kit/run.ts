// The bin's entry (bin/auto-claim-kit.mjs loads it through tsx): runs the command line and exits with its code.
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2));
