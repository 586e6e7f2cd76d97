#!/usr/bin/env node
/** CLI entry. Subcommands are wired here; each lives in its own module. */
console.error('mailsift: not wired yet');
process.exit(1);
