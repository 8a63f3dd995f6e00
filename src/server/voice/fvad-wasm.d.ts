// Types for `@echogarden/fvad-wasm` (libfvad, the WebRTC voice activity detector, compiled to
// WASM with Emscripten), which ships none. Only what turn-detector.ts uses.
declare module '@echogarden/fvad-wasm' {
  export type FvadModule = {
    /** a new detector (mode 0, 8 kHz); 0 when out of memory */
    _fvad_new(): number;
    _fvad_free(inst: number): void;
    /** 0–3, more aggressive (fewer frames called speech) as it grows; 0 on success */
    _fvad_set_mode(inst: number, mode: number): number;
    /** 8000, 16000, 32000 or 48000; 0 on success */
    _fvad_set_sample_rate(inst: number, rate: number): number;
    /** one frame of 10, 20 or 30 ms of PCM16 at `frame` (a heap address): 1 voiced, 0 not, -1 bad length */
    _fvad_process(inst: number, frame: number, length: number): number;
    _malloc(bytes: number): number;
    _free(ptr: number): void;
    /** the module's memory; replaced when the memory grows, so read it again after an allocation */
    HEAP16: Int16Array;
  };
  const createFvad: (moduleArg?: Record<string, unknown>) => Promise<FvadModule>;
  export default createFvad;
}
