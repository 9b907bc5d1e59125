import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s instead of 1 s: whole-app renders on a loaded 2-core CI machine can take longer
// than a second to settle. A test that waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
