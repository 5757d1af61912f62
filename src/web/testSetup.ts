import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. On a busy 2-core machine a lazy dialog took
// 1.2 s to appear and ChanterTestScreen.test.tsx failed (issue 13.16). These are bounds for a
// hang, not speed checks: a passing test is as fast as before (vitest.config.ts raises the test
// timeout to match).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
