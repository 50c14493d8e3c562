// What this build is, for `coinreel --version`, the start-up log line, /readyz and the build-info metric.
import { version } from '../package.json';

// Defined by scripts/build-binary.ts when it can read the checkout's commit; absent when run from source.
declare const __COINREEL_COMMIT__: string | undefined;

/** package.json's version at build time. */
export const VERSION: string = version;
/** The git commit the binary was built from (short hash), or null when unknown (run from source, no git). */
export const COMMIT: string | null = typeof __COINREEL_COMMIT__ === 'string' && __COINREEL_COMMIT__ ? __COINREEL_COMMIT__ : null;
/** "coinreel 0.1.0 (abc1234)", as --version prints it. */
export const VERSION_LINE = `coinreel ${VERSION}${COMMIT ? ` (${COMMIT})` : ''}`;
