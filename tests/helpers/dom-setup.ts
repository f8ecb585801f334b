import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait 1 s by default: too little for a screen's calls on a loaded 2-core
// machine (a component test failed that way in a full run). Failures still fail, later.
configure({ asyncUtilTimeout: 5000 });
