// How `npm start` (scripts/start.mjs) runs the compiled server, and bench/memory with it: glibc's
// malloc settings and V8's young generation, each unless the environment already sets it.
// docs/memory.md has the measurements; docs/operations.md the variables.

/**
 * The server's environment. MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (the worker
 * threads of the voice, the recordings and the evaluator, libuv's pool) an arena of its own, up to
 * 8 per core, and keeps what they freed; with two, bench/memory read 10-15 MB less during and after
 * calls, the same at idle. MALLOC_MMAP_THRESHOLD_=131072: glibc otherwise raises that threshold
 * each time a large block is freed (up to 32 MB), after which blocks of 128 KB and more (buffers,
 * the worker threads' memory) come from the heap and stay with the process once freed; fixed, they
 * are mapped and given back: 14 MB less during calls, 15 MB less after them, bench/load unchanged.
 * musl and other platforms ignore both.
 * @param {NodeJS.ProcessEnv} env
 */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}

/**
 * node's flags for the server. --max-semi-space-size=2: V8 grows each thread's young generation
 * (two semi-spaces) up to 16 MB a semi-space under a burst of allocation (pages of calls, a call's
 * audio and scoring) and keeps what it grew to. Capped at 2 MB: 25 MB less at the peak of
 * bench/memory, 11-14 MB less after calls, about 8% more CPU in the evaluator (docs/memory.md).
 * Left out when NODE_OPTIONS names the flag, so an operator's own value holds.
 * @param {NodeJS.ProcessEnv} env
 */
export function serverNodeFlags(env) {
  return /--max[-_]semi[-_]space[-_]size/.test(env.NODE_OPTIONS ?? '') ? [] : ['--max-semi-space-size=2'];
}
