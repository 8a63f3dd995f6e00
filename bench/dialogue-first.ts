// bench/dialogue-first: the built-in persona's first replies in a fresh server process. The
// dialogue engine compiles its phrase patterns and brief readers on first use, so the first call
// after a start paid for it in its first replies; the voice warm-up now plays sample conversations
// when a call is about to begin (engines/dialogue/warm.ts). Each figure is taken in a process of its
// own (4 preset personas × 3 runs), cold and after warmDialogue():
// - making the persona ready (preparePersona), its reply to "Yes, ready." and to a long first answer
//   (target: the long answer's reply under 50 ms once warmed, as bench/dialogue's p95 is)
// - the warm-up's own time, and its longest step: how long a request arriving meanwhile waits at most
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const PERSONAS = ['Sarah', 'Greg', 'Alex', 'Rachel'];
const RUNS = 3;
const LONG =
  'In my last role I led a team of five engineers on the checkout redesign. We interviewed twenty merchants, ' +
  'found that the identity check asked for documents twice, shipped a shorter one and cut drop-off by twelve ' +
  'percent in one quarter. Looking back, I would run more research before we built anything.';

type Figures = { prepare: number; ready: number; long: number; warm: number; longestStep: number };

async function child(name: string, warm: boolean): Promise<Figures> {
  const { PRESET_INTERVIEWERS } = await import('../src/server/db/seed/preset-interviewers.js');
  const { nextLine, openingFor, preparePersona, warmDialogue } = await import(
    '../src/server/voice/engines/dialogue/index.js'
  );
  let warmMs = 0;
  let longestStep = 0;
  if (warm) {
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestStep = Math.max(longestStep, now - last);
      last = now;
    }, 1);
    const start = performance.now();
    await warmDialogue();
    warmMs = performance.now() - start;
    clearInterval(timer);
    longestStep = Math.max(longestStep, performance.now() - last);
  }
  const persona = PRESET_INTERVIEWERS.find((p) => p.name.startsWith(name));
  if (!persona) throw new Error(`no preset persona ${name}`);
  const t0 = performance.now();
  const p = preparePersona(persona);
  const t1 = performance.now();
  const history = [
    { speaker: 'agent' as const, text: openingFor(p).text },
    { speaker: 'user' as const, text: 'Yes, ready.' },
  ];
  const t2 = performance.now();
  history.push({ speaker: 'agent', text: nextLine(p, history).text }, { speaker: 'user', text: LONG });
  const t3 = performance.now();
  nextLine(p, history);
  const t4 = performance.now();
  return { prepare: t1 - t0, ready: t3 - t2, long: t4 - t3, warm: warmMs, longestStep };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(await child(process.argv[3], process.argv[4] === 'warm')));
} else {
  const rows: Record<'cold' | 'warm', Figures[]> = { cold: [], warm: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const name of PERSONAS) {
      for (const mode of ['cold', 'warm'] as const) {
        const r = spawnSync('npx', ['tsx', 'bench/dialogue-first.ts', '--child', name, mode], {
          encoding: 'utf8',
        });
        if (r.status !== 0) throw new Error(r.stderr);
        rows[mode].push(JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}'));
      }
    }
  }
  const fmt = (xs: Figures[], k: keyof Figures) =>
    `median ${median(xs.map((x) => x[k])).toFixed(1)} ms, max ${Math.max(...xs.map((x) => x[k])).toFixed(1)} ms`;
  console.log(`dialogue engine in a fresh process, ${PERSONAS.length} presets × ${RUNS} runs each`);
  for (const mode of ['cold', 'warm'] as const) {
    console.log(`  ${mode === 'cold' ? 'cold' : 'after the warm-up'}:`);
    console.log(`    persona made ready         ${fmt(rows[mode], 'prepare')}`);
    console.log(`    reply to "Yes, ready."     ${fmt(rows[mode], 'ready')}`);
    console.log(
      `    reply to a long answer     ${fmt(rows[mode], 'long')}${mode === 'warm' ? '   (target: < 50 ms)' : ''}`,
    );
  }
  console.log(`  the warm-up itself           ${fmt(rows.warm, 'warm')}`);
  console.log(
    `  its longest step            ${fmt(rows.warm, 'longestStep')}   (a request waits at most this)`,
  );
}
