// Makes the fake microphone's WAV with espeak-ng (16 kHz mono) when it is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export default function globalSetup() {
  const dir = '.tmp/e2e';
  fs.mkdirSync(dir, { recursive: true });
  const wav = `${dir}/answer.wav`;
  if (fs.existsSync(wav)) return;
  const raw = `${dir}/answer-raw.wav`;
  execFileSync('espeak-ng', [
    '-w',
    raw,
    'In my last role I led a team of five engineers and we increased retention by twelve percent in six months.',
  ]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.5', '3']);
}
