import { afterAll, afterEach, beforeEach } from 'bun:test';
import { useRunTmpdir } from './helpers/run-tmpdir';

// Every temp folder of the run in one, removed after the last test.
afterAll(useRunTmpdir().remove);

// A console.error during a test is a defect the test would otherwise hide: fail it.
let errors: unknown[][] = [];
const original = console.error;
beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});
afterEach(() => {
  console.error = original;
  if (errors.length) throw new Error(`console.error was called during the test: ${String(errors[0]?.[0]).slice(0, 300)}`);
});

// The compiled messages (src/i18n/paraglide) are generated: a test run on a fresh clone, or after a catalogue
// changed, compiles them first, as `bun run build:client` does.
import { compileMessages, messagesStale } from '../scripts/compile-messages';
if (messagesStale()) await compileMessages();
