// A Chromium of its own whose fake microphone plays a recording of a human speaker (LibriVox,
// public domain, from Debian's pocketsphinx-testdata) for the journeys that test what the server's
// built-in recogniser hears; the default browser's microphone plays espeak's answer.wav.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type Browser, chromium, expect } from '@playwright/test';
import { chromiumPath } from '../../scripts/chromium-path.mjs';

/** the reader says "and mister john dashwood had then leisure to consider how much there might be …" */
export const LIBRIVOX_CLIP =
  '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
export const MIC_DIR = `${process.cwd()}/.tmp/e2e`;
const SOX_FORMAT = ['-r', '16000', '-c', '1', '-b', '16'];

/**
 * The clip as an answer (a breath, the clip, then quiet long enough for the turn to end, as
 * Chromium loops the file) written to `.tmp/e2e/<name>.wav`; `noise`: pink noise at this volume
 * mixed over the clip (a loud room).
 */
export function answerRecording(name: string, noise?: number): string {
  expect(
    fs.existsSync(LIBRIVOX_CLIP),
    `${LIBRIVOX_CLIP} is missing: apt-get install -y pocketsphinx-testdata`,
  ).toBe(true);
  fs.mkdirSync(MIC_DIR, { recursive: true });
  const file = `${MIC_DIR}/${name}.wav`;
  if (noise === undefined) {
    execFileSync('sox', [LIBRIVOX_CLIP, ...SOX_FORMAT, file, 'pad', '1', '6']);
    return file;
  }
  const seconds = execFileSync('soxi', ['-D', LIBRIVOX_CLIP], { encoding: 'utf8' }).trim();
  const noiseFile = `${MIC_DIR}/${name}-noise.wav`;
  execFileSync('sox', ['-n', ...SOX_FORMAT, noiseFile, 'synth', seconds, 'pinknoise', 'vol', String(noise)]);
  execFileSync('sox', ['-m', LIBRIVOX_CLIP, noiseFile, ...SOX_FORMAT, file, 'pad', '1', '6']);
  return file;
}

/** Chromium with `recording` as its microphone (headless, its permission granted). */
export function browserHearing(recording: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${recording}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}
