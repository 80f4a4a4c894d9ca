import { checks } from '../src/engine/transact.ts';

// Every state a rules module returns is deep-frozen in tests, so an accidental in-place change of
// an earlier state (which would break undo and replay) throws at once.
checks.freezeResults = true;
