// Every data file (word lists, phrase tables, speech markers, scoring curves, calibration
// conversations, preset and landing-page scenarios, the dialogue engine's lines) meets its schema
// as it is on disk, every JSON file under src has one, and a bad edit is rejected with the file
// and the entry named — the message a person editing the tables will see at start-up.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DataFileSpec, parseDataFile } from '../shared/data-file.js';
import { ASIDES_DATA_FILE } from '../shared/domain/asides.js';
import { FIELDS_DATA_FILE } from '../shared/domain/fields.js';
import { OTHER_QUESTIONS_DATA_FILE } from '../shared/domain/other-questions.js';
import { SOFTENED_DATA_FILE } from '../shared/domain/softened.js';
import { SPEECH_MARKERS_DATA_FILE } from '../shared/domain/speech-analytics.js';
import { TOPICS_DATA_FILE } from '../shared/domain/topics.js';
import { SAMPLE_SCENARIOS_DATA_FILE } from '../shared/sample-scenarios.schema.js';
import { PRESETS_DATA_FILE } from './db/seed/preset-interviewers.js';
import { GENERATOR_DATA_FILES } from './modules/custom-calls/generator-data.js';
import { calibrationDataFiles } from './modules/evaluation/calibration.js';
import { EVALUATOR_DATA_FILES } from './modules/evaluation/evaluator-data.js';
import { DIALOGUE_DATA_FILES } from './voice/engines/dialogue/data.js';

const root = path.resolve(import.meta.dirname, '../..');
const specs: DataFileSpec[] = [
  ...EVALUATOR_DATA_FILES,
  ...GENERATOR_DATA_FILES,
  ...calibrationDataFiles(),
  PRESETS_DATA_FILE,
  SAMPLE_SCENARIOS_DATA_FILE,
  SPEECH_MARKERS_DATA_FILE,
  TOPICS_DATA_FILE,
  FIELDS_DATA_FILE,
  OTHER_QUESTIONS_DATA_FILE,
  ASIDES_DATA_FILE,
  SOFTENED_DATA_FILE,
  ...DIALOGUE_DATA_FILES,
];
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const spec = (file: string) => {
  const found = specs.find((s) => s.file === file);
  if (!found) throw new Error(`no schema for ${file}`);
  return found;
};
/** A copy of a file's contents with one entry changed. */
function edited(file: string, edit: (data: Record<string, unknown>) => void): unknown {
  const data = structuredClone(read(file)) as Record<string, unknown>;
  edit(data);
  return data;
}

describe('data files', () => {
  it.each(specs.map((s) => [s.file, s] as const))('%s meets its schema', (_file, s) => {
    expect(() => parseDataFile(s, read(s.file))).not.toThrow();
  });

  it("every JSON file under src has a schema (the migrations' snapshots aside)", () => {
    const onDisk = (fs.readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
      .map((f) => `src/${f.split(path.sep).join('/')}`)
      .filter((f) => f.endsWith('.json') && !f.startsWith('src/server/db/migrations/'));
    expect(onDisk.length).toBe(specs.length);
    expect(onDisk.filter((f) => !specs.some((s) => s.file === f))).toEqual([]);
  });

  it('rejects a malformed entry, naming the file and the entry', () => {
    const lexicon = 'src/server/modules/evaluation/data/lexicon.json';
    const notAWord = edited(lexicon, (d) => {
      (d.hedges as unknown[])[2] = 42;
    });
    expect(() => parseDataFile(spec(lexicon), notAWord)).toThrow(
      /data file src\/server\/modules\/evaluation\/data\/lexicon\.json is invalid: hedges\.2: /,
    );

    const scoring = 'src/server/modules/evaluation/data/scoring.json';
    const falling = edited(scoring, (d) => {
      (d.negativesPenalty as number[][])[1][0] = -1;
    });
    expect(() => parseDataFile(spec(scoring), falling)).toThrow(
      /scoring\.json is invalid: negativesPenalty: figures must rise/,
    );

    const kinds = 'src/server/modules/evaluation/data/question-kinds.json';
    const badPattern = edited(kinds, (d) => {
      d.yesNoStart = '^(can|could';
    });
    expect(() => parseDataFile(spec(kinds), badPattern)).toThrow(
      /question-kinds\.json is invalid: yesNoStart: not a valid regular expression/,
    );

    const concepts = 'src/server/modules/evaluation/data/concepts.json';
    const misspelt = edited(concepts, (d) => {
      (d.concepts as Record<string, unknown>[])[0].evidense = ['typo'];
    });
    expect(() => parseDataFile(spec(concepts), misspelt)).toThrow(
      /concepts\.json is invalid: concepts\.0: .*evidense/,
    );

    const persona = 'src/server/modules/custom-calls/tables/persona.json';
    const noNames = edited(persona, (d) => {
      (d.names as Record<string, unknown>).female = [];
    });
    expect(() => parseDataFile(spec(persona), noNames)).toThrow(
      /custom-calls\/tables\/persona\.json is invalid: names\.female: /,
    );

    const presets = 'src/server/db/seed/presets.json';
    const twice = edited(presets, (d) => {
      const list = d.presets as Record<string, unknown>[];
      list[1].slug = list[0].slug;
    });
    expect(() => parseDataFile(spec(presets), twice)).toThrow(
      /presets\.json is invalid: presets: slugs must be unique/,
    );

    const lines = 'src/server/voice/engines/dialogue/lines.json';
    const noAngryClosing = edited(lines, (d) => {
      d.closings = (d.closings as { temperament: string }[]).filter((l) => l.temperament !== 'angry');
    });
    expect(() => parseDataFile(spec(lines), noAngryClosing)).toThrow(
      /dialogue\/lines\.json is invalid: closings: has no angry line/,
    );
  });
});
