import { installTestClock, resetTestClock } from './clock.ts';

// Every server test file starts on the test clock: at TEST_NOW when set (`TEST_NOW=23:59 npm run test:server`),
// else at the real time. See support/clock.ts.
installTestClock();
resetTestClock();
