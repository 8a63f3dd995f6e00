// eSpeak NG compiled to WASM (the optional `espeak-ng` npm package, GPL-3.0, loaded only through
// this file), run in the thread that imports it: the speech worker (espeak.worker.ts). Starting
// its module costs 150–600 ms, so one warm instance serves the whole thread: its `main` is called
// again for every phrase. The CLI's argument parser (musl getopt) keeps its position in a static
// `optind`; the instance finds that variable once at start-up (the only word that goes 1 → 5 when
// four option words are parsed) and resets it before each phrase. If it cannot be found, a fresh
// instance per phrase still works.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseWav, Resampler } from '../../audio/pcm.js';

const OUTPUT_RATE = 16_000;

/** eSpeak NG voices of the two personas ('michael' and 'sarah', the interviewers' voiceId). */
export const ESPEAK_PERSONA_VOICES = { michael: 'en-us+m3', sarah: 'en-us+f2' } as const;
/** the persona's pace unless config.ts VOICE_WORDS_PER_MINUTE sets one (eSpeak NG's own is 175) */
export const DEFAULT_WORDS_PER_MINUTE = 165;

type WasmExports = {
  memory: WebAssembly.Memory;
  malloc: (size: number) => number;
  free: (ptr: number) => void;
  __main_argc_argv: (argc: number, argv: number) => number;
};
type EspeakModule = {
  FS: { readFile: (p: string) => Uint8Array; unlink: (p: string) => void };
};
type EspeakFactory = (opts: Record<string, unknown>) => Promise<EspeakModule>;

class EspeakInstance {
  private optindAddress: number | null = null;

  private constructor(
    private readonly mod: EspeakModule,
    private readonly wasm: WasmExports,
  ) {}

  static async create(factory: EspeakFactory, compiled: WebAssembly.Module): Promise<EspeakInstance> {
    let wasm: WasmExports | null = null;
    const mod = await factory({
      noInitialRun: true,
      print: () => {},
      printErr: () => {},
      instantiateWasm(
        imports: WebAssembly.Imports,
        ok: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
      ) {
        void WebAssembly.instantiate(compiled, imports).then((instance) => {
          wasm = instance.exports as unknown as WasmExports;
          ok(instance, compiled);
        });
        return {};
      },
    });
    if (!wasm) throw new Error('espeak-ng did not expose its WASM exports');
    return new EspeakInstance(mod, wasm);
  }

  /** Finds getopt's `optind` so `main` can run again; answers whether it was found. */
  locateOptind(): boolean {
    const before = new Int32Array(this.wasm.memory.buffer.slice(0));
    // (no -q: options are sticky statics, and a quiet run would stay quiet)
    this.run(['-s', String(DEFAULT_WORDS_PER_MINUTE), '-w', 'probe.wav', 'probe'], false);
    this.mod.FS.unlink('probe.wav');
    const after = new Int32Array(this.wasm.memory.buffer);
    const hits: number[] = [];
    for (let i = 0; i < before.length && hits.length < 2; i++) {
      if (before[i] === 1 && after[i] === 5) hits.push(i * 4);
    }
    this.optindAddress = hits.length === 1 ? hits[0] : null;
    return this.optindAddress !== null;
  }

  get reusable(): boolean {
    return this.optindAddress !== null;
  }

  synthesize(
    text: string,
    voice: string,
    wordsPerMinute: number,
  ): { samples: Int16Array; sampleRate: number } {
    const code = this.run(['-v', voice, '-s', String(wordsPerMinute), '-w', 'out.wav', '--', text], true);
    if (code !== 0) throw new Error(`espeak-ng exited with ${code}`);
    const wav = this.mod.FS.readFile('out.wav');
    this.mod.FS.unlink('out.wav');
    return parseWav(wav);
  }

  private run(args: string[], resetParser: boolean): number {
    const { wasm } = this;
    if (resetParser && this.optindAddress !== null) {
      // musl's getopt starts over when optind is 0
      new Int32Array(wasm.memory.buffer, this.optindAddress, 1)[0] = 0;
    }
    const all = ['espeak-ng', ...args];
    const encoder = new TextEncoder();
    const pointers = all.map((arg) => {
      const bytes = encoder.encode(`${arg}\0`);
      const ptr = wasm.malloc(bytes.length);
      new Uint8Array(wasm.memory.buffer).set(bytes, ptr);
      return ptr;
    });
    const argv = wasm.malloc(4 * (pointers.length + 1));
    const view = new Uint32Array(wasm.memory.buffer, argv, pointers.length + 1);
    pointers.forEach((p, i) => {
      view[i] = p;
    });
    view[pointers.length] = 0;
    try {
      return wasm.__main_argc_argv(all.length, argv);
    } catch (err) {
      // exit() inside main surfaces as an ExitStatus carrying the code
      const status = (err as { status?: unknown }).status;
      if (typeof status === 'number') return status;
      throw err;
    } finally {
      for (const p of pointers) wasm.free(p);
      wasm.free(argv);
    }
  }
}

/** the package's module factory and compiled WASM; resolving it is checked first by espeakInstalled */
export async function loadEspeak(): Promise<{ factory: EspeakFactory; compiled: WebAssembly.Module }> {
  const entry = createRequire(import.meta.url).resolve('espeak-ng');
  const { default: factory } = (await import(pathToFileURL(entry).href)) as { default: EspeakFactory };
  const wasmFile = path.join(path.dirname(entry), 'espeak-ng.wasm');
  const compiled = await WebAssembly.compile(await fs.promises.readFile(wasmFile));
  return { factory, compiled };
}

export async function createEspeakEngine(): Promise<EspeakEngine> {
  const { factory, compiled } = await loadEspeak();
  return new EspeakEngine(factory, compiled);
}

/** whether the optional package is installed (checked without starting anything) */
export function espeakInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('espeak-ng');
    return true;
  } catch {
    return false;
  }
}

/** one warm instance, replaced after a failure (a trap can leave its memory in any state) */
export class EspeakEngine {
  private instance: EspeakInstance | null = null;

  constructor(
    private readonly factory: EspeakFactory,
    private readonly compiled: WebAssembly.Module,
  ) {}

  /** whether phrases reuse one warm instance (the fast path) */
  get reusable(): boolean {
    return this.instance?.reusable ?? false;
  }

  async ready(): Promise<EspeakInstance> {
    if (this.instance) return this.instance;
    const instance = await EspeakInstance.create(this.factory, this.compiled);
    instance.locateOptind();
    this.instance = instance;
    return instance;
  }

  async speak(text: string, voice: string, wordsPerMinute = DEFAULT_WORDS_PER_MINUTE): Promise<Int16Array> {
    const instance = await this.ready();
    try {
      const { samples, sampleRate } = instance.synthesize(text, voice, wordsPerMinute);
      if (!instance.reusable) this.instance = null;
      return new Resampler(sampleRate, OUTPUT_RATE).push(samples);
    } catch (err) {
      this.instance = null;
      throw err;
    }
  }
}
