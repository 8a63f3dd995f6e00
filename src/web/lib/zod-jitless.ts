// Zod 4 compiles fast object parsers with `new Function` and first probes whether that is allowed.
// Our Content-Security-Policy forbids eval ('unsafe-eval' stays out of script-src), so the probe
// is refused and the browser reports a CSP violation on every page load. Jitless mode skips both
// the probe and the compiled parsers. It must run before any schema is built: main.tsx imports
// this module first, and object schemas read the setting when they are constructed.
import { z } from 'zod';

z.config({ jitless: true });
